{{/*
Shared parts of the in-cluster development data stores: (dict "root" $ "name" "redis" "port" 6379 "uid" 999).
*/}}
{{- define "marketplace.datastore.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "marketplace.fullname" .root }}-{{ .name }}
  labels:
    {{- include "marketplace.labels" . | nindent 4 }}
spec:
  {{- if index . "headless" }}
  clusterIP: None
  {{- end }}
  selector:
    {{- include "marketplace.selectorLabels" . | nindent 4 }}
  ports:
    - name: {{ .portName }}
      port: {{ .port }}
      targetPort: {{ .portName }}
      protocol: TCP
{{- end }}

{{/* Only the services and their migrations (label vnmarket/data-access) reach a data store. */}}
{{- define "marketplace.datastore.networkPolicy" -}}
{{- if .root.Values.networkPolicy.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ include "marketplace.fullname" .root }}-{{ .name }}
  labels:
    {{- include "marketplace.labels" . | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "marketplace.selectorLabels" . | nindent 6 }}
  policyTypes: [Ingress]
  ingress:
    - from:
        - podSelector:
            matchLabels:
              app.kubernetes.io/instance: {{ .root.Release.Name }}
              vnmarket/data-access: "true"
      ports:
        - port: {{ .portName }}
          protocol: TCP
{{- end }}
{{- end }}

{{- define "marketplace.datastore.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid }}
runAsGroup: {{ .uid }}
fsGroup: {{ .uid }}
seccompProfile:
  type: RuntimeDefault
{{- end }}

{{/*
The StatefulSet head every data store shares: labels (the pod's hold no version, so a chart bump does not
restart it), its Service as serviceName, one replica. (dict "root" $ "name" "redis" ...)
*/}}
{{- define "marketplace.datastore.statefulSetHead" -}}
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: {{ include "marketplace.fullname" .root }}-{{ .name }}
  labels:
    {{- include "marketplace.labels" . | nindent 4 }}
spec:
  serviceName: {{ include "marketplace.fullname" .root }}-{{ .name }}
  replicas: 1
  selector:
    matchLabels:
      {{- include "marketplace.selectorLabels" . | nindent 6 }}
{{- end }}

{{/* The `data` volume when persistence is off (an emptyDir): (dict ... "persistence" <values>). */}}
{{- define "marketplace.datastore.dataEmptyDir" -}}
{{- if not .persistence.enabled }}
- name: data
  emptyDir: {}
{{- end }}
{{- end }}

{{/*
The `data` claim when persistence is on. StatefulSet claims outlive upgrades and `helm uninstall`; the
template cannot change on a live StatefulSet (values.yaml says how to switch).
*/}}
{{- define "marketplace.datastore.claimTemplates" -}}
{{- if .persistence.enabled }}
volumeClaimTemplates:
  - metadata:
      name: data
      labels:
        {{- include "marketplace.selectorLabels" . | nindent 8 }}
    spec:
      accessModes: [ReadWriteOnce]
      {{- with .persistence.storageClass }}
      storageClassName: {{ . }}
      {{- end }}
      resources:
        requests:
          storage: {{ .persistence.size }}
{{- end }}
{{- end }}

{{/*
Everything one deployable needs: ServiceAccount, ConfigMap, Service, Deployment, HorizontalPodAutoscaler (or
KEDA ScaledObject), PodDisruptionBudget, NetworkPolicy and (services, with the hook strategy) its migration
Job. Called from <name>.yaml with (dict "root" $ "name" "<name>").
*/}}
{{- define "marketplace.deployable" -}}
{{- $root := .root -}}
{{- $name := .name -}}
{{- $v := $root.Values -}}
{{- $block := index $v $name -}}
{{- $fullname := include "marketplace.fullname" $root -}}
{{- $component := printf "%s-%s" $fullname $name -}}
{{- $ctx := dict "root" $root "name" $name "secretName" (include "marketplace.secretName" $root) -}}
{{- $env := include "marketplace.env" $ctx -}}
{{- $isService := ne $name "gateway" -}}
{{- $strategy := include "marketplace.migrationStrategy" $root -}}
{{- $image := include "marketplace.image" $ctx -}}
{{- $watch := $v.development.watch -}}
{{- $sourceDirs := include "marketplace.sourceDirs" $ctx | fromYamlArray -}}
{{- $sockets := dig "openSockets" (dict) $block.autoscaling -}}
{{- $socketProvider := ternary (dig "provider" "" $sockets) "" (and $block.autoscaling.enabled (dig "enabled" false $sockets)) -}}
{{- /* The gateway's Service may be a LoadBalancer: its metrics port then gets a ClusterIP Service of its own. */ -}}
{{- $metricsOnMainService := or $isService (eq $block.service.type "ClusterIP") -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
  {{- with $block.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
# No pod of the release talks to the Kubernetes API; cloud identity (IRSA, Workload Identity) uses its own token.
automountServiceAccountToken: false
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
data:
  {{- $env | nindent 2 }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
  {{- if and (not $isService) $block.service.annotations }}
  annotations:
    {{- toYaml $block.service.annotations | nindent 4 }}
  {{- end }}
spec:
  type: {{ if $isService }}ClusterIP{{ else }}{{ $block.service.type }}{{ end }}
  {{- if and (not $isService) (eq $block.service.type "LoadBalancer") }}
  # Local keeps the client's own address (Cluster replaces it with a node's, and every per-address limit
  # would count the whole site as one client). Its cost: only nodes running a gateway pod get traffic (the
  # others fail the load balancer's check on healthCheckNodePort), spread by node, not by pod.
  externalTrafficPolicy: {{ $block.service.externalTrafficPolicy }}
  {{- end }}
  selector:
    {{- include "marketplace.selectorLabels" $ctx | nindent 4 }}
  ports:
    - name: http
      port: {{ $block.port }}
      targetPort: http
      protocol: TCP
    {{- if $metricsOnMainService }}
    - name: metrics
      port: {{ $v.metrics.port }}
      targetPort: metrics
      protocol: TCP
    {{- end }}
{{- if not $metricsOnMainService }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ $component }}-metrics
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "marketplace.selectorLabels" $ctx | nindent 4 }}
  ports:
    - name: metrics
      port: {{ $v.metrics.port }}
      targetPort: metrics
      protocol: TCP
{{- end }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  {{- if not $block.autoscaling.enabled }}
  replicas: {{ $block.replicaCount }}
  {{- else }}
  {{- /*
  The autoscaler owns the count, so the manifest leaves it out. On the upgrade that turns autoscaling on,
  Helm would delete the field it set before and Kubernetes would reset it to 1 pod: carry the live count
  over instead (lookup finds nothing on install and in `helm template`, and the field stays out).
  */ -}}
  {{- $live := lookup "apps/v1" "Deployment" $root.Release.Namespace $component }}
  {{- if $live }}
  replicas: {{ $live.spec.replicas }}
  {{- end }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "marketplace.selectorLabels" $ctx | nindent 6 }}
  strategy:
    {{- if and (eq $name "media") (not (include "marketplace.mediaUsesS3" $root)) }}
    # Photos on a volume: the old pod lets go of it before the new one mounts it.
    type: Recreate
    {{- else }}
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
    {{- end }}
  template:
    metadata:
      labels:
        {{- include "marketplace.labels" $ctx | nindent 8 }}
        {{- if $isService }}
        vnmarket/data-access: "true"
        {{- end }}
      annotations:
        checksum/config: {{ $env | sha256sum }}
        # The chart's secret values, and secrets.existingSecretChecksum for a Secret managed outside Helm.
        checksum/secrets: {{ toYaml $v.secrets | sha256sum }}
        {{- with $block.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ $component }}
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ include "marketplace.terminationGracePeriodSeconds" $root }}
      securityContext:
        {{- toYaml $v.podSecurityContext | nindent 8 }}
      {{- with $v.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- if or $watch (and $isService (eq $strategy "initContainer")) }}
      initContainers:
        {{- if $watch }}
        - name: sources
          image: {{ $image }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          command:
            - sh
            - -c
            - {{ range $i, $dir := $sourceDirs }}{{ if $i }} && {{ end }}cp -R {{ $dir }}/. /sources/{{ $i }}/{{ end }}
          securityContext:
            {{- toYaml $v.containerSecurityContext | nindent 12 }}
          volumeMounts:
            {{- range $i, $dir := $sourceDirs }}
            - name: source-{{ $i }}
              mountPath: /sources/{{ $i }}
            {{- end }}
        {{- end }}
        {{- if and $isService (eq $strategy "initContainer") }}
        - name: migrate
          image: {{ $image }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          command: ["node", "--enable-source-maps", "dist/migrate.js"]
          envFrom:
            - configMapRef:
                name: {{ $component }}
          resources:
            {{- toYaml $v.migrations.resources | nindent 12 }}
          securityContext:
            {{- toYaml $v.containerSecurityContext | nindent 12 }}
          volumeMounts:
            {{- include "marketplace.volumeMounts" $ctx | nindent 12 }}
        {{- end }}
      {{- end }}
      containers:
        - name: {{ $name }}
          image: {{ $image }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          {{- if $watch }}
          command: {{ include "marketplace.command" $ctx }}
          {{- end }}
          ports:
            - name: http
              containerPort: {{ $block.port }}
              protocol: TCP
            - name: metrics
              containerPort: {{ $v.metrics.port }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ $component }}
          {{- /* Migrations need no broker; a service reaches the operator's RabbitMQ with these. */}}
          {{- with and $isService (include "marketplace.operatorEnv" $root) }}
          env:
            {{- . | nindent 12 }}
          {{- end }}
          startupProbe:
            httpGet:
              path: /livez
              port: http
            periodSeconds: 2
            timeoutSeconds: 2
            failureThreshold: 60
          livenessProbe:
            httpGet:
              path: /livez
              port: http
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "{{ $v.shutdown.preStopSeconds }}"]
          resources:
            {{- toYaml $block.resources | nindent 12 }}
          securityContext:
            {{- toYaml $v.containerSecurityContext | nindent 12 }}
          volumeMounts:
            {{- include "marketplace.volumeMounts" $ctx | nindent 12 }}
            {{- if $watch }}
            {{- range $i, $dir := $sourceDirs }}
            - name: source-{{ $i }}
              mountPath: {{ $dir }}
            {{- end }}
            {{- end }}
      volumes:
        {{- include "marketplace.volumes" $ctx | nindent 8 }}
        {{- if $watch }}
        {{- range $i, $dir := $sourceDirs }}
        - name: source-{{ $i }}
          emptyDir: {}
        {{- end }}
        {{- end }}
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "marketplace.selectorLabels" $ctx | nindent 14 }}
      {{- with $block.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $block.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $block.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- if and $block.autoscaling.enabled (ne $socketProvider "keda") }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $component }}
  minReplicas: {{ $block.autoscaling.minReplicas }}
  maxReplicas: {{ $block.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $block.autoscaling.targetCPUUtilizationPercentage }}
    {{- if eq $socketProvider "prometheusAdapter" }}
    # Served by prometheus-adapter from the pods' own gauge (README: its rule).
    - type: Pods
      pods:
        metric:
          name: messaging_open_websockets
        target:
          type: AverageValue
          averageValue: {{ $sockets.targetPerPod | quote }}
    {{- end }}
  behavior:
    {{- include "marketplace.scaleDownBehavior" $block.autoscaling.scaleDown | nindent 4 }}
{{- end }}
{{- if eq $socketProvider "keda" }}
---
# KEDA makes and owns the HorizontalPodAutoscaler (keda-hpa-{{ $component }}): CPU as above, plus open sockets.
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ $component }}
  minReplicaCount: {{ $block.autoscaling.minReplicas }}
  maxReplicaCount: {{ $block.autoscaling.maxReplicas }}
  advanced:
    horizontalPodAutoscalerConfig:
      behavior:
        {{- include "marketplace.scaleDownBehavior" $block.autoscaling.scaleDown | nindent 8 }}
  triggers:
    - type: cpu
      metricType: Utilization
      metadata:
        value: {{ $block.autoscaling.targetCPUUtilizationPercentage | quote }}
    - type: prometheus
      metricType: AverageValue
      metadata:
        serverAddress: {{ $sockets.keda.serverAddress }}
        query: sum(messaging_open_websockets{ {{- include "marketplace.metricsSelector" $root }},service="{{ $name }}"})
        threshold: {{ $sockets.targetPerPod | quote }}
{{- end }}
{{- if $block.pdb.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  maxUnavailable: {{ $block.pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "marketplace.selectorLabels" $ctx | nindent 6 }}
{{- end }}
{{- if $v.networkPolicy.enabled }}
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: {{ $component }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  podSelector:
    matchLabels:
      {{- include "marketplace.selectorLabels" $ctx | nindent 6 }}
  {{- if $isService }}
  policyTypes: [Ingress]
  ingress:
    # Only the gateway reaches a service.
    - from:
        - podSelector:
            matchLabels:
              {{- include "marketplace.selectorLabels" (dict "root" $root "name" "gateway") | nindent 14 }}
      ports:
        - port: http
          protocol: TCP
    {{- include "marketplace.metricsIngressRule" $root | nindent 4 }}
  {{- else }}
  policyTypes: [Ingress, Egress]
  ingress:
    - ports:
        - port: http
          protocol: TCP
      {{- with $v.networkPolicy.gatewayFrom }}
      from:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- include "marketplace.metricsIngressRule" $root | nindent 4 }}
  egress:
    # The gateway talks to the services and DNS only: no data store, in-cluster or external.
    - to:
        - podSelector:
            matchLabels:
              app.kubernetes.io/name: {{ $root.Chart.Name }}
              app.kubernetes.io/instance: {{ $root.Release.Name }}
            matchExpressions:
              - key: app.kubernetes.io/component
                operator: In
                values: [{{ include "marketplace.services" $root | splitList " " | join ", " }}]
      ports:
        {{- range $service := splitList " " (include "marketplace.services" $root) }}
        - port: {{ (index $v $service).port }}
          protocol: TCP
        {{- end }}
    - ports:
        - port: 53
          protocol: UDP
        - port: 53
          protocol: TCP
    {{- with include "marketplace.otlpPort" $root }}
    # Traces to the OTLP endpoint (otel.endpoint), on otel.to or anywhere.
    - ports:
        - port: {{ . }}
          protocol: TCP
      {{- with $v.otel.to }}
      to:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    {{- end }}
    {{- with $v.networkPolicy.gatewayExtraEgress }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- end }}
{{- end }}
{{- if and $isService (eq $strategy "hook") }}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ $component }}-migrate
  labels:
    {{- include "marketplace.labels" (dict "root" $root "name" (printf "%s-migrate" $name)) | nindent 4 }}
  annotations:
    # Before the release's pods roll out: a release never runs on an unmigrated schema.
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  backoffLimit: {{ $v.migrations.backoffLimit }}
  activeDeadlineSeconds: {{ $v.migrations.activeDeadlineSeconds }}
  template:
    metadata:
      labels:
        {{- include "marketplace.labels" (dict "root" $root "name" (printf "%s-migrate" $name)) | nindent 8 }}
        vnmarket/data-access: "true"
    spec:
      restartPolicy: Never
      # The default ServiceAccount: pre-install hooks run before the release's own ServiceAccounts exist.
      automountServiceAccountToken: false
      enableServiceLinks: false
      securityContext:
        {{- toYaml $v.podSecurityContext | nindent 8 }}
      {{- with $v.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: migrate
          image: {{ $image }}
          imagePullPolicy: {{ $v.image.pullPolicy }}
          command: ["node", "--enable-source-maps", "dist/migrate.js"]
          # Inline, not the ConfigMap: pre-install hooks run before the release's ConfigMaps exist.
          env:
            {{- range $key, $value := fromYaml $env }}
            - name: {{ $key }}
              value: {{ $value | quote }}
            {{- end }}
          resources:
            {{- toYaml $v.migrations.resources | nindent 12 }}
          securityContext:
            {{- toYaml $v.containerSecurityContext | nindent 12 }}
          volumeMounts:
            {{- include "marketplace.volumeMounts" $ctx | nindent 12 }}
      volumes:
        {{- include "marketplace.volumes" (dict "root" $root "name" $name "secretName" (include "marketplace.migrationSecretName" $root)) | nindent 8 }}
      {{- with $block.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $block.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
{{- end }}

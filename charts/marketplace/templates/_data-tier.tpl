{{/*
The production data tier on operators (cloudnativepg, rabbitmqCluster) and the database backup CronJob
(backup): names, the S3 place they write to, and how the services reach what the operators create.
*/}}

{{/* The CloudNativePG Cluster: its Secret <name>-app holds the application's connection URI (key uri). */}}
{{- define "marketplace.cnpgName" -}}
{{- printf "%s-db" (include "marketplace.fullname" .) -}}
{{- end }}

{{/* The RabbitmqCluster: its Service has this name, its Secret <name>-default-user the credentials. */}}
{{- define "marketplace.rabbitmqClusterName" -}}
{{- printf "%s-broker" (include "marketplace.fullname" .) -}}
{{- end }}

{{/* The S3 bucket backups go to: media's (media.s3.bucket), or the in-cluster MinIO's. */}}
{{- define "marketplace.backupBucket" -}}
{{- if .Values.minio.enabled -}}
{{- .Values.minio.bucket -}}
{{- else -}}
{{- if not (and .Values.media.s3.enabled .Values.media.s3.bucket) }}{{ fail "backups go to media's S3 bucket: set media.s3.enabled and media.s3.bucket (or minio.enabled)" }}{{ end -}}
{{- .Values.media.s3.bucket -}}
{{- end -}}
{{- end }}

{{/* The S3 endpoint URL: media.s3.endpoint, the MinIO Service, or AWS's regional endpoint. */}}
{{- define "marketplace.backupEndpoint" -}}
{{- if .Values.minio.enabled -}}
{{- include "marketplace.minioEndpoint" . -}}
{{- else -}}
{{- .Values.media.s3.endpoint | default (printf "https://s3.%s.amazonaws.com" .Values.media.s3.region) -}}
{{- end -}}
{{- end }}

{{/*
AMQP_URL from the RabbitMQ Cluster Operator's default user (its Secret has username and password, no URL):
the kubelet expands $(…) from the variables listed before it. The operator generates URL-safe credentials.
*/}}
{{- define "marketplace.operatorEnv" -}}
{{- if .Values.rabbitmqCluster.enabled }}
{{- $secret := printf "%s-default-user" (include "marketplace.rabbitmqClusterName" .) }}
- name: RABBITMQ_DEFAULT_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: username
- name: RABBITMQ_DEFAULT_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: password
- name: AMQP_URL
  value: {{ printf "amqp://$(RABBITMQ_DEFAULT_USERNAME):$(RABBITMQ_DEFAULT_PASSWORD)@%s:5672" (include "marketplace.rabbitmqClusterName" .) | quote }}
{{- end }}
{{- end }}

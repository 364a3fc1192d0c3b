{{/*
Names, labels and the per-deployable facts every template shares.
*/}}

{{- define "marketplace.fullname" -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end }}

{{- define "marketplace.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/* Selector labels of one component: (dict "root" $ "name" "auth"). */}}
{{- define "marketplace.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/*
Pod labels of a development data store: its selector and nothing that changes with the chart or app
version, so a chart bump does not restart it.
*/}}
{{- define "marketplace.datastore.podLabels" -}}
{{ include "marketplace.selectorLabels" . }}
app.kubernetes.io/part-of: vnmarket
{{- end }}

{{- define "marketplace.labels" -}}
{{ include "marketplace.selectorLabels" . }}
app.kubernetes.io/part-of: vnmarket
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ include "marketplace.chart" .root }}
{{- end }}

{{/* The six deployables, in start order. */}}
{{- define "marketplace.deployables" -}}
gateway auth listings messaging media verification
{{- end }}

{{- define "marketplace.services" -}}
auth listings messaging media verification
{{- end }}

{{/* Full image reference of a deployable: its `image` value, else registry/prefix/name:tag. */}}
{{- define "marketplace.image" -}}
{{- $block := index .root.Values .name -}}
{{- if $block.image -}}
{{- $block.image -}}
{{- else -}}
{{- $image := .root.Values.image -}}
{{- $repository := printf "%s/%s" $image.repositoryPrefix .name -}}
{{- if $image.registry }}{{ $repository = printf "%s/%s" (trimSuffix "/" $image.registry) $repository }}{{ end -}}
{{- printf "%s:%s" $repository (default .root.Chart.AppVersion $image.tag) -}}
{{- end -}}
{{- end }}

{{- define "marketplace.secretName" -}}
{{- default (printf "%s-secrets" (include "marketplace.fullname" .)) .Values.secrets.existingSecret -}}
{{- end }}

{{/* The Secret the pre-install/pre-upgrade migration Jobs read (a hook copy when the chart owns the Secret). */}}
{{- define "marketplace.migrationSecretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{- .Values.secrets.existingSecret -}}
{{- else -}}
{{- printf "%s-migration-secrets" (include "marketplace.fullname" .) -}}
{{- end -}}
{{- end }}

{{/* hook, initContainer or none, with auto resolved. */}}
{{- define "marketplace.migrationStrategy" -}}
{{- $strategy := .Values.migrations.strategy -}}
{{- if eq $strategy "auto" -}}
{{- /* An in-cluster database (or the operator's <cluster>-app Secret) exists only once the release is installed: not before it, as a hook would need. */ -}}
{{- ternary "initContainer" "hook" (or .Values.postgresql.enabled .Values.cloudnativepg.enabled) -}}
{{- else -}}
{{- $strategy -}}
{{- end -}}
{{- end }}

{{/* Secret keys and the variable each one fills (through NAME_FILE). */}}
{{- define "marketplace.secretVariables" -}}
jwt-public-key: JWT_PUBLIC_KEY
jwt-private-key: JWT_PRIVATE_KEY
database-url: DATABASE_URL
redis-url: REDIS_URL
amqp-url: AMQP_URL
verification-code-secret: VERIFICATION_CODE_SECRET
media-signing-secret: MEDIA_SIGNING_SECRET
twilio-account-sid: TWILIO_ACCOUNT_SID
twilio-auth-token: TWILIO_AUTH_TOKEN
s3-access-key-id: S3_ACCESS_KEY_ID
s3-secret-access-key: S3_SECRET_ACCESS_KEY
vapid-public-key: VAPID_PUBLIC_KEY
vapid-private-key: VAPID_PRIVATE_KEY
{{- end }}

{{- define "marketplace.secretMountPath" -}}
/var/run/secrets/vnmarket
{{- end }}

{{/* The Secret keys one deployable reads, as a YAML list: (dict "root" $ "name" "media"). */}}
{{- define "marketplace.secretKeys" -}}
{{- $v := .root.Values -}}
{{- $keys := list -}}
{{- if ne .name "gateway" -}}
{{- $keys = list "jwt-public-key" "database-url" "redis-url" -}}
{{- /* With rabbitmqCluster, AMQP_URL is built from the operator's Secret (marketplace.operatorEnv). */ -}}
{{- if not $v.rabbitmqCluster.enabled }}{{ $keys = append $keys "amqp-url" }}{{ end -}}
{{- end -}}
{{- if eq .name "auth" -}}
{{- $keys = append $keys "jwt-private-key" -}}
{{- end -}}
{{- if eq .name "verification" -}}
{{- $keys = append $keys "verification-code-secret" -}}
{{- if eq $v.verification.sms.provider "twilio" -}}
{{- $keys = concat $keys (list "twilio-account-sid" "twilio-auth-token") -}}
{{- end -}}
{{- end -}}
{{- if and (eq .name "messaging") $v.messaging.webPush.enabled -}}
{{- $keys = concat $keys (list "vapid-public-key" "vapid-private-key") -}}
{{- end -}}
{{- if eq .name "media" -}}
{{- $keys = append $keys "media-signing-secret" -}}
{{- if and (include "marketplace.mediaUsesS3" .root) (include "marketplace.mediaS3Credentials" .root) -}}
{{- $keys = concat $keys (list "s3-access-key-id" "s3-secret-access-key") -}}
{{- end -}}
{{- end -}}
{{- toYaml $keys -}}
{{- end }}

{{/* "true" when media stores photos in S3 (its own settings, or the in-cluster MinIO). */}}
{{- define "marketplace.mediaUsesS3" -}}
{{- if or .Values.media.s3.enabled .Values.minio.enabled }}true{{ end -}}
{{- end }}

{{- define "marketplace.mediaS3Credentials" -}}
{{- if or .Values.minio.enabled .Values.media.s3.credentialsFromSecret }}true{{ end -}}
{{- end }}

{{/*
The site's origins (PUBLIC_ORIGINS), comma-separated, its own URL first: publicOrigins when set, else
derived from the public entry the chart renders: the Ingress's host (https with its TLS, else http), or
the HTTPRoute's hostnames (https: a public Gateway listener terminates TLS). With none of them the render
fails: the services refuse to start in production without it, and its development default
(http://localhost:8080) would name every page wrongly and refuse the site's own writes.
*/}}
{{- define "marketplace.publicOrigins" -}}
{{- $v := .Values -}}
{{- $origins := $v.publicOrigins -}}
{{- if not $origins -}}
{{- if and $v.ingress.enabled $v.ingress.host -}}
{{- $origins = list (printf "%s://%s" (ternary "https" "http" $v.ingress.tls.enabled) $v.ingress.host) -}}
{{- else if and $v.httpRoute.enabled $v.httpRoute.hostnames -}}
{{- range $v.httpRoute.hostnames }}{{ $origins = append $origins (printf "https://%s" .) }}{{ end -}}
{{- end -}}
{{- end -}}
{{- $hint := "publicOrigins is required: the site's URL, e.g. publicOrigins: [https://market.example.org] in your values, or set ingress.host or httpRoute.hostnames to derive it; for a local cluster reached through kubectl port-forward, [http://localhost:8080] (values-dev.yaml)" -}}
{{- required $hint (join "," $origins) -}}
{{- end }}

{{/* Environment of one deployable, as a YAML map of strings: (dict "root" $ "name" "auth"). */}}
{{- define "marketplace.env" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $block := index $v .name -}}
{{- $fullname := include "marketplace.fullname" $root -}}
{{- $env := dict
  "NODE_ENV" $v.nodeEnv
  "LOG_LEVEL" $v.logLevel
  "HOST" "0.0.0.0"
  "SHUTDOWN_TIMEOUT_MS" (mul $v.shutdown.timeoutSeconds 1000 | toString)
  "METRICS_PORT" ($v.metrics.port | toString)
-}}
{{- if $v.otel.endpoint -}}
{{- $_ := set $env "OTEL_EXPORTER_OTLP_ENDPOINT" $v.otel.endpoint -}}
{{- $_ := set $env "OTEL_SERVICE_NAME" .name -}}
{{- end -}}
{{- if eq .name "gateway" -}}
{{- $_ := set $env "GATEWAY_PORT" ($block.port | toString) -}}
{{- $hops := $block.trustProxyHops -}}
{{- if kindIs "invalid" $hops }}{{ $hops = ternary 1 0 (or $v.ingress.enabled $v.httpRoute.enabled) }}{{ end -}}
{{- $_ := set $env "TRUST_PROXY_HOPS" ($hops | toString) -}}
{{- $_ := set $env "UPSTREAM_TIMEOUT_MS" ($block.upstreamTimeoutMs | toString) -}}
{{- /* The site's own URL first: its pages' link previews, canonical links and sitemap are absolute. */ -}}
{{- $_ := set $env "PUBLIC_ORIGINS" (include "marketplace.publicOrigins" $root) -}}
{{- range $service := splitList " " (include "marketplace.services" $root) -}}
{{- $_ := set $env (printf "%s_URL" (upper $service)) (printf "http://%s-%s:%v" $fullname $service (index $v $service).port) -}}
{{- end -}}
{{- /* Browsers upload photos straight to presigned S3 URLs: the page's Content-Security-Policy must allow it. */ -}}
{{- $connect := $block.cspConnectSources -}}
{{- if $v.minio.enabled -}}
{{- $connect = append $connect (include "marketplace.minioEndpoint" $root) -}}
{{- else if $v.media.s3.enabled -}}
{{- $s3 := $v.media.s3 -}}
{{- $origin := $s3.endpoint | default (ternary (printf "https://s3.%s.amazonaws.com" $s3.region) (printf "https://%s.s3.%s.amazonaws.com" $s3.bucket $s3.region) $s3.forcePathStyle) -}}
{{- $connect = append $connect $origin -}}
{{- end -}}
{{- if $connect }}{{ $_ := set $env "CSP_CONNECT_SOURCES" (join " " $connect) }}{{ end -}}
{{- else -}}
{{- $_ := set $env "PORT" ($block.port | toString) -}}
{{- $_ := set $env "TRUST_PROXY_HOPS" "1" -}}
{{- $_ := set $env "PUBLIC_ORIGINS" (include "marketplace.publicOrigins" $root) -}}
{{- $_ := set $env "JWT_ISSUER" $v.jwt.issuer -}}
{{- $_ := set $env "JWT_AUDIENCE" $v.jwt.audience -}}
{{- $_ := set $env "EVENTS_EXCHANGE" $v.eventsExchange -}}
{{- $_ := set $env "EVENT_QUEUE_TYPE" $v.eventQueueType -}}
{{- $_ := set $env "EVENT_BATCHES" ($v.eventBatches | toString) -}}
{{- $_ := set $env "REDIS_KEY_PREFIX" $v.redisKeyPrefix -}}
{{- $_ := set $env "DATABASE_POOL_MAX" ($v.databasePoolMax | toString) -}}
{{- end -}}
{{- if eq .name "media" -}}
{{- if include "marketplace.mediaUsesS3" $root -}}
{{- if $v.minio.enabled -}}
{{- $_ := set $env "S3_BUCKET" $v.minio.bucket -}}
{{- $_ := set $env "S3_ENDPOINT" (include "marketplace.minioEndpoint" $root) -}}
{{- $_ := set $env "S3_REGION" "us-east-1" -}}
{{- $_ := set $env "S3_FORCE_PATH_STYLE" "true" -}}
{{- else -}}
{{- $_ := set $env "S3_BUCKET" (required "media.s3.bucket is required when media.s3.enabled" $block.s3.bucket) -}}
{{- if $block.s3.endpoint }}{{ $_ := set $env "S3_ENDPOINT" $block.s3.endpoint }}{{ end -}}
{{- $_ := set $env "S3_REGION" $block.s3.region -}}
{{- $_ := set $env "S3_FORCE_PATH_STYLE" ($block.s3.forcePathStyle | toString) -}}
{{- end -}}
{{- else -}}
{{- $_ := set $env "MEDIA_ROOT" "/data/objects" -}}
{{- end -}}
{{- end -}}
{{- if eq .name "verification" -}}
{{- $_ := set $env "SMS_PROVIDER" $block.sms.provider -}}
{{- if eq $block.sms.provider "twilio" -}}
{{- if not (or $block.sms.fromNumber $block.sms.messagingServiceSid) }}{{ fail "verification.sms.fromNumber or verification.sms.messagingServiceSid is required with the twilio provider" }}{{ end -}}
{{- if $block.sms.fromNumber }}{{ $_ := set $env "TWILIO_FROM_NUMBER" $block.sms.fromNumber }}{{ end -}}
{{- if $block.sms.messagingServiceSid }}{{ $_ := set $env "TWILIO_MESSAGING_SERVICE_SID" $block.sms.messagingServiceSid }}{{ end -}}
{{- else -}}
{{- $_ := set $env "SMS_OUTBOX" "/tmp/sms-outbox.jsonl" -}}
{{- end -}}
{{- end -}}
{{- $variables := include "marketplace.secretVariables" $root | fromYaml -}}
{{- range $key := include "marketplace.secretKeys" . | fromYamlArray -}}
{{- $_ := set $env (printf "%s_FILE" (index $variables $key)) (printf "%s/%s" (include "marketplace.secretMountPath" $root) $key) -}}
{{- end -}}
{{- range $name, $value := $block.env -}}
{{- $_ := set $env $name (toString $value) -}}
{{- end -}}
{{- toYaml $env -}}
{{- end }}

{{/* Graceful shutdown: the pod's grace period covers the preStop pause and the drain. */}}
{{- define "marketplace.terminationGracePeriodSeconds" -}}
{{- $s := .Values.shutdown -}}
{{- add $s.preStopSeconds $s.timeoutSeconds $s.extraGraceSeconds -}}
{{- end }}

{{/* The command a deployable runs: its main, or under tsx watch for skaffold dev. */}}
{{- define "marketplace.command" -}}
{{- if .root.Values.development.watch -}}
["node", "/app/node_modules/tsx/dist/cli.mjs", "watch", "--clear-screen=false", "src/main.ts"]
{{- else -}}
["node", "--enable-source-maps", "dist/main.js"]
{{- end -}}
{{- end }}

{{/* The workspace folder of a deployable inside the image. */}}
{{- define "marketplace.workspace" -}}
{{- if eq .name "gateway" }}gateway{{ else }}services/{{ .name }}{{ end -}}
{{- end }}

{{/* Source folders a deployable runs from, which skaffold dev syncs into (writable copies). */}}
{{- define "marketplace.sourceDirs" -}}
{{- list (printf "/app/%s/src" (include "marketplace.workspace" .)) "/app/services/shared/src" "/app/proto/src" | toYaml -}}
{{- end }}

{{/* Volumes every pod of a deployable (or its migration Job) mounts: (dict "root" $ "name" "auth" "secretName" "..."). */}}
{{- define "marketplace.volumes" -}}
- name: tmp
  emptyDir:
    sizeLimit: 256Mi
{{- $keys := include "marketplace.secretKeys" . | fromYamlArray }}
{{- if $keys }}
- name: secrets
  projected:
    defaultMode: 288  # 0440: read-only, for the pod's group (fsGroup)
    sources:
      - secret:
          name: {{ .secretName }}
          items:
            {{- range $keys }}
            {{- if not (and (eq . "database-url") $.root.Values.cloudnativepg.enabled) }}
            - key: {{ . }}
              path: {{ . }}
            {{- end }}
            {{- end }}
      {{- if and (has "database-url" $keys) .root.Values.cloudnativepg.enabled }}
      # The CloudNativePG operator's Secret for the application's owner: its connection URI.
      - secret:
          name: {{ include "marketplace.cnpgName" .root }}-app
          items:
            - key: uri
              path: database-url
      {{- end }}
{{- end }}
{{- if and (eq .name "media") (not (include "marketplace.mediaUsesS3" .root)) }}
- name: objects
  {{- if .root.Values.media.storage.existingClaim }}
  persistentVolumeClaim:
    claimName: {{ .root.Values.media.storage.existingClaim }}
  {{- else }}
  emptyDir: {}
  {{- end }}
{{- end }}
{{- end }}

{{- define "marketplace.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if include "marketplace.secretKeys" . | fromYamlArray }}
- name: secrets
  mountPath: {{ include "marketplace.secretMountPath" .root }}
  readOnly: true
{{- end }}
{{- if and (eq .name "media") (not (include "marketplace.mediaUsesS3" .root)) }}
- name: objects
  mountPath: /data/objects
{{- end }}
{{- end }}

{{/* Resources of a data store: (dict "root" $ "name" "postgresql"). */}}
{{- define "marketplace.dataStoreSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end }}

{{/* The S3 endpoint of the in-cluster MinIO that media signs uploads for (the browser must reach it too). */}}
{{- define "marketplace.minioEndpoint" -}}
{{- .Values.minio.endpoint | default (printf "http://%s-minio:9000" (include "marketplace.fullname" .)) -}}
{{- end }}

{{/* PromQL label matchers of this release's scraped series (the ServiceMonitor sets job to the release's name). */}}
{{- define "marketplace.metricsSelector" -}}
namespace="{{ .Release.Namespace }}",job="{{ include "marketplace.fullname" . }}"
{{- end }}

{{/* NetworkPolicy ingress rule for the metrics port: networkPolicy.metricsFrom (empty: any pod). */}}
{{- define "marketplace.metricsIngressRule" -}}
# Prometheus scrapes /metrics on its own port.
- ports:
    - port: metrics
      protocol: TCP
  {{- with .Values.networkPolicy.metricsFrom }}
  from:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}

{{/* TCP port of otel.endpoint (its scheme's default when the URL has none); empty when tracing is off. */}}
{{- define "marketplace.otlpPort" -}}
{{- with .Values.otel.endpoint -}}
{{- $url := urlParse . -}}
{{- $hostPort := splitList ":" $url.host -}}
{{- if gt (len $hostPort) 1 }}{{ last $hostPort }}{{ else }}{{ ternary 443 80 (eq $url.scheme "https") }}{{ end -}}
{{- end -}}
{{- end }}

{{/* HorizontalPodAutoscaler behavior from an autoscaling.scaleDown block. */}}
{{- define "marketplace.scaleDownBehavior" -}}
scaleDown:
  stabilizationWindowSeconds: {{ .stabilizationWindowSeconds }}
  # Min: the policy that removes fewer pods wins; each removed pod drops its WebSockets at once.
  selectPolicy: Min
  policies:
    - type: Pods
      value: {{ .maxPods }}
      periodSeconds: 60
    - type: Percent
      value: {{ .maxPercent }}
      periodSeconds: 60
{{- end }}

{{/*
The topology the repository declares (topology.generated.yaml, written by
infra/topology/generate.ts from infra/topology/topology.ts): deployables, ports, env names,
images, topics.
*/}}
{{- define "bazar.topology" -}}
{{- .Files.Get "topology.generated.yaml" | fromYaml | toJson -}}
{{- end -}}

{{- define "bazar.labels" -}}
app.kubernetes.io/part-of: bazar
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- with .name }}
app.kubernetes.io/name: {{ . }}
{{- end }}
{{- end -}}

{{- define "bazar.selector" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* A deployable's settings: its own values block over `defaults`. */}}
{{- define "bazar.settings" -}}
{{- $own := index .root.Values .deployable.valuesKey | default dict -}}
{{- mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $own) | toJson -}}
{{- end -}}

{{/* An image of the store's own, always with an explicit tag. */}}
{{- define "bazar.image" -}}
{{- $tag := required (printf "%s.image.tag is required (never latest)" .valuesKey) .tag -}}
{{- if eq $tag "latest" }}{{ fail (printf "%s.image.tag: latest is not allowed, pin a version" .valuesKey) }}{{ end -}}
{{- printf "%s%s:%s" .registry .repository $tag -}}
{{- end -}}

{{/* Pod labels that open the engines' NetworkPolicies to a deployable. */}}
{{- define "bazar.accessLabels" -}}
{{- if .deployable.kafka }}
bazar.io/kafka-client: "true"
{{- end }}
{{- if .deployable.redis }}
bazar.io/redis-client: "true"
{{- end }}
{{- if .deployable.database }}
bazar.io/database-client: {{ .deployable.database | quote }}
{{- end }}
{{- end -}}

{{- define "bazar.kafkaBootstrap" -}}
{{- printf "%s-kafka-bootstrap.%s.svc:%v" .Values.kafka.name .Release.Namespace (include "bazar.topologyPort" (dict "root" . "name" "kafka")) -}}
{{- end -}}

{{- define "bazar.topologyPort" -}}
{{- $t := include "bazar.topology" .root | fromJson -}}
{{- index $t.ports .name -}}
{{- end -}}

{{- define "bazar.keycloakInternalUrl" -}}
{{- $t := include "bazar.topology" . | fromJson -}}
{{- printf "http://%s.%s.svc:%v/auth" $t.keycloak.service .Release.Namespace $t.ports.keycloak -}}
{{- end -}}

{{/*
One environment variable of a deployable: computed from the topology where the value follows from it
(ports, addresses of other deployables, databases, Kafka, Redis), a secret reference from
secrets.env, a plain value from the deployable's `env` or the chart's `env`. A required variable with
no source stops the render: a deployable that starts reading a new setting needs one here.
*/}}
{{- define "bazar.envVar" -}}
{{- $root := .root -}}
{{- $t := include "bazar.topology" $root | fromJson -}}
{{- $name := .name -}}
{{- $d := .deployable -}}
{{- $own := .settings.env | default dict -}}
{{- $ns := $root.Release.Namespace -}}
{{- $secret := index $root.Values.secrets.env $name -}}
{{- $target := "" -}}
{{- if hasSuffix "_URL" $name -}}
{{- $target = trimSuffix "_URL" $name | lower -}}
{{- if eq $name "STORE_URL" }}{{ $target = "nginx" }}{{ end -}}
{{- end -}}
- name: {{ $name }}
{{- if hasKey $own $name }}
  value: {{ index $own $name | toString | quote }}
{{- else if eq $name "PORT" }}
  value: {{ $d.port | toString | quote }}
{{- else if eq $name "HOST" }}
  value: "0.0.0.0"
{{- else if eq $name "LOG_LEVEL" }}
  value: {{ $root.Values.logLevel | quote }}
{{- else if eq $name "MONGO_URL" }}
  valueFrom:
    secretKeyRef:
      # written by the MongoDB Community Operator, with mongo.connectionOptions in it
      name: {{ printf "%s-mongo-url" $d.database }}
      key: connectionString.standard
{{- else if eq $name "MONGO_DB" }}
  value: {{ $d.database | quote }}
{{- else if eq $name "KAFKA_BROKERS" }}
  value: {{ include "bazar.kafkaBootstrap" $root | quote }}
{{- else if and (eq $name "REDIS_URL") $root.Values.redis.auth.existingSecret }}
  valueFrom:
    secretKeyRef: { name: {{ $root.Values.redis.auth.existingSecret }}, key: url }
{{- else if eq $name "REDIS_URL" }}
  value: {{ printf "redis://redis.%s.svc:%v" $ns $t.ports.redis | quote }}
{{- else if eq $name "KEYCLOAK_URL" }}
  value: {{ include "bazar.keycloakInternalUrl" $root | quote }}
{{- else if eq $name "OIDC_JWKS_URL" }}
  value: {{ printf "%s/realms/%s/protocol/openid-connect/certs" (include "bazar.keycloakInternalUrl" $root) $t.keycloak.realm | quote }}
{{- else if eq $name "OIDC_ISSUER" }}
  value: {{ printf "%s/auth/realms/%s" $root.Values.publicOrigin $t.keycloak.realm | quote }}
{{- else if or (eq $name "STORE_ORIGIN") (eq $name "MEDIA_ORIGINS") }}
  value: {{ $root.Values.publicOrigin | quote }}
{{- else if eq $name "MEDIA_DIR" }}
  value: /var/lib/bazar/media
{{- else if eq $name "RENDERED_DIR" }}
  value: /var/lib/bazar/rendered
{{- else if and $target (hasKey $t.deployables $target) }}
  value: {{ printf "http://%s.%s.svc:%v" $target $ns (index $t.deployables $target).port | quote }}
{{- else if $secret }}
  valueFrom:
    secretKeyRef: { name: {{ $secret.name }}, key: {{ $secret.key }} }
{{- else if hasKey $root.Values.env $name }}
  value: {{ index $root.Values.env $name | toString | quote }}
{{- else }}
{{- fail (printf "%s reads %s, and the chart has no value for it: add it to env or secrets.env in values.yaml" .deployableName $name) }}
{{- end }}
{{- end -}}

{{/* The security context of every container the chart runs itself. */}}
{{- define "bazar.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities: { drop: [ALL] }
seccompProfile: { type: RuntimeDefault }
{{- end -}}

{{- define "bazar.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .runAsUser }}
runAsGroup: {{ .runAsGroup }}
fsGroup: {{ .fsGroup | default .runAsGroup }}
seccompProfile: { type: RuntimeDefault }
{{- end -}}

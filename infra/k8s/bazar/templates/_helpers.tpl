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
One environment variable of a deployable. A name the topology gives it (infra/topology/topology.ts)
comes with what its value is, said for every place (`.value`: a port, a neighbour's address, an
engine, Keycloak's address, the public origin, a secret, a folder, a setting, a plain value); here is
what each becomes on the cluster. A name it reads with a default comes from the deployable's `env`,
the chart's `env` or `secrets.env` when the installation sets it. The deployable's own `env` wins.
*/}}
{{- define "bazar.envVar" -}}
{{- $root := .root -}}
{{- $t := include "bazar.topology" $root | fromJson -}}
{{- $name := .name -}}
{{- $d := .deployable -}}
{{- $v := .value | default dict -}}
{{- $own := .settings.env | default dict -}}
{{- $ns := $root.Release.Namespace -}}
{{- $secret := index $root.Values.secrets.env $name | default (index $root.Values.secrets.env ($v.name | default "")) -}}
- name: {{ $name }}
{{- if hasKey $own $name }}
  value: {{ index $own $name | toString | quote }}
{{- else if eq $v.kind "port" }}
  value: {{ $d.port | toString | quote }}
{{- else if eq $v.kind "listen" }}
  value: "0.0.0.0"
{{- else if eq $v.kind "address" }}
  value: {{ printf "http://%s.%s.svc:%v" $v.of $ns (index $t.deployables $v.of).port | quote }}
{{- else if and (eq $v.kind "engine") (eq $v.of "mongo") }}
  valueFrom:
    secretKeyRef:
      # written by the MongoDB Community Operator, with mongo.connectionOptions in it
      name: {{ printf "%s-mongo-url" $d.database }}
      key: connectionString.standard
{{- else if and (eq $v.kind "engine") (eq $v.of "kafka") }}
  value: {{ include "bazar.kafkaBootstrap" $root | quote }}
{{- else if and (eq $v.kind "engine") (eq $v.of "redis") $root.Values.redis.auth.existingSecret }}
  valueFrom:
    secretKeyRef: { name: {{ $root.Values.redis.auth.existingSecret }}, key: url }
{{- else if and (eq $v.kind "engine") (eq $v.of "redis") }}
  value: {{ printf "redis://redis.%s.svc:%v" $ns $t.ports.redis | quote }}
{{- else if eq $v.kind "keycloak" }}
  value: {{ printf "%s%s" (include "bazar.keycloakInternalUrl" $root) $v.path | quote }}
{{- else if eq $v.kind "public" }}
  value: {{ printf "%s%s" $root.Values.publicOrigin $v.path | quote }}
{{- else if eq $v.kind "database" }}
  value: {{ $d.database | quote }}
{{- else if eq $v.kind "dir" }}
  value: {{ printf "/var/lib/bazar/%s" $v.of | quote }}
{{- else if and (eq $v.kind "host") (eq $v.of "mail") }}
{{- /* the mail sink's place on a cluster: the installation's SMTP relay, which Keycloak's realm mails through too */}}
  value: {{ $root.Values.keycloak.smtp.host | quote }}
{{- else if and (eq $v.kind "portOf") (eq $v.of "mail") }}
  value: {{ $root.Values.keycloak.smtp.port | toString | quote }}
{{- else if eq $v.kind "plain" }}
  value: {{ $v.value | quote }}
{{- else if and (eq $v.kind "setting") (eq $name "LOG_LEVEL") }}
  value: {{ $root.Values.logLevel | quote }}
{{- else if eq $v.kind "setting" }}
  value: {{ index $root.Values.env $name | default $v.default | toString | quote }}
{{- else if $secret }}
  valueFrom:
    secretKeyRef: { name: {{ $secret.name }}, key: {{ $secret.key }} }
{{- else if eq $v.kind "secret" }}
{{- fail (printf "%s is given the secret %s, and the chart has no Secret for it: add it to secrets.env in values.yaml" .deployableName $v.name) }}
{{- else if hasKey $root.Values.env $name }}
  value: {{ index $root.Values.env $name | toString | quote }}
{{- else }}
{{- fail (printf "%s: the chart has no value for %s (%s): add it to env or secrets.env in values.yaml" .deployableName $name ($v.kind | default "a setting with a default")) }}
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

#!/bin/bash
# The compose image's entrypoint (infra/docker/keycloak.Dockerfile): the realm import enables its
# `google` identity provider from GOOGLE_IDP_ENABLED, which is set here from the credentials
# themselves, so giving GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET is all it takes (the local stack
# does the same in infra/stack/components.ts).
set -euo pipefail
if [[ -n "${GOOGLE_CLIENT_ID:-}" && -n "${GOOGLE_CLIENT_SECRET:-}" ]]; then
  export GOOGLE_IDP_ENABLED=true
else
  export GOOGLE_IDP_ENABLED=false
  unset GOOGLE_CLIENT_ID GOOGLE_CLIENT_SECRET
fi
# installed beside kc.sh in the image
exec "$(dirname "$0")/kc.sh" "$@"

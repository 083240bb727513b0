#!/bin/bash
# The compose image's entrypoint (infra/docker/keycloak.Dockerfile).
# - The realm files (mounted at <home>/bazar/realms) go into the folder `--import-realm` reads, with
#   the demo accounts (<home>/bazar/demo-users, local use only) unless NODE_ENV=production; the
#   local stack does the same in infra/stack/keycloak-realm.ts.
# - The realm import enables its `google` identity provider from GOOGLE_IDP_ENABLED, which is set
#   here from the credentials themselves, so giving GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET is all
#   it takes (the local stack does the same in infra/stack/components.ts).
set -euo pipefail
home="$(cd "$(dirname "$0")/.." && pwd)"
import_dir="$home/data/import"
mkdir -p "$import_dir"
rm -f "$import_dir"/*.json
cp "$home"/bazar/realms/*.json "$import_dir"/
if [[ "${NODE_ENV:-}" != production ]]; then
  cp "$home"/bazar/demo-users/*.json "$import_dir"/
fi
if [[ -n "${GOOGLE_CLIENT_ID:-}" && -n "${GOOGLE_CLIENT_SECRET:-}" ]]; then
  export GOOGLE_IDP_ENABLED=true
else
  export GOOGLE_IDP_ENABLED=false
  unset GOOGLE_CLIENT_ID GOOGLE_CLIENT_SECRET
fi
# installed beside kc.sh in the image
exec "$home/bin/kc.sh" "$@"

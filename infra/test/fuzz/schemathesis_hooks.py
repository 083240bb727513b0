"""Hooks for the schemathesis run of infra/test/schemathesis.fuzz.test.ts (SCHEMATHESIS_HOOKS).

Each request comes from its own address of the benchmark range 198.18.0.0/15, so the gateway's
per-address rate limits never answer in validation's place. It carries the access token of the
admin for the operations in BAZAR_FUZZ_ADMIN_OPERATIONS ("POST /offer,..."), of a fresh shopper
for the others, read from the JSON file BAZAR_FUZZ_TOKENS that the test keeps fresh (Keycloak's
tokens live a minute; the run takes longer).

The file part of an upload is one of the images in BAZAR_FUZZ_IMAGES (a JSON object of media type
to base64 bytes): the document says which kinds the media service takes, but random bytes are none
of them.
"""

import base64
import itertools
import json
import os

import schemathesis
from hypothesis import strategies as st

_requests = itertools.count()
_admin_operations = set(os.environ.get("BAZAR_FUZZ_ADMIN_OPERATIONS", "").split(","))

with open(os.environ["BAZAR_FUZZ_IMAGES"], encoding="utf-8") as _images:
    for _media_type, _image in json.load(_images).items():
        schemathesis.openapi.media_type(_media_type, st.just(base64.b64decode(_image)))


def _headers(case):
    if case.headers is None:
        case.headers = {}
    return case.headers


@schemathesis.hook
def before_call(context, case, **kwargs):
    n = next(_requests) % (2 * 65536)
    _headers(case)["X-Forwarded-For"] = f"198.{18 + n // 65536}.{n // 256 % 256}.{n % 256}"


@schemathesis.auth(refresh_interval=None)
class KeycloakToken:
    def get(self, case, context):
        with open(os.environ["BAZAR_FUZZ_TOKENS"], encoding="utf-8") as tokens:
            token = json.load(tokens)
        operation = f"{context.operation.method.upper()} {context.operation.path}"
        return token["admin" if operation in _admin_operations else "shopper"]

    def set(self, case, data, context):
        _headers(case)["Authorization"] = f"Bearer {data}"

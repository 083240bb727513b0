# The image of every storefront app: the shell and the three remotes, chosen by APP.
#   docker build -f infra/docker/web-app.Dockerfile --build-arg APP=mf-cart -t bazar/mf-cart .
#   docker compose build mf-cart       (docker-compose.yml names APP for each front end)
# Why one shared file instead of <app>/Dockerfile: the four images differ only in the app they
# build, so four copies would repeat the same lines and drift apart. The image is nginx serving the
# app's dist at / as a non-root user on :8080; the front nginx maps /mf/<name>/ onto it.
ARG NODE_IMAGE=node:26-bookworm-slim

# The npm manifests alone, so the `npm ci` layer below is reused until a dependency changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -path "./patches/*" -delete && find . -type d -empty -delete

FROM ${NODE_IMAGE} AS build
ARG APP
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w "${APP}"

FROM nginx:1.27-alpine
ARG APP
RUN rm -f /etc/nginx/conf.d/default.conf
COPY infra/docker/web-app.nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
USER nginx
EXPOSE 8080

// The Helm chart (infra/k8s/bazar), without a cluster: for each value set (local, production)
//   - `helm lint` passes and `helm template` renders;
//   - every deployable of the topology has a Deployment, a Service, a PodDisruptionBudget and an
//     autoscaling/v2 HorizontalPodAutoscaler; each remote ships alone (`--set mfCart.image.tag=...`
//     changes the mf-cart Deployment and nothing else); the runtime manifest of remotes is a ConfigMap;
//   - every container has liveness and readiness probes (the deployables' on /health and /ready),
//     requests and limits, runs as non-root on a read-only root file system, without privilege
//     escalation, with every capability dropped and the runtime's seccomp profile;
//   - every image is pinned (a tag, never `latest`), the operators' images included;
//   - no Secret is rendered with data, and every secret-like variable comes from a secretKeyRef; the
//     private keys reach only their signers (the topology's settings, as natively and in compose);
//   - the NetworkPolicies: default deny, DNS, only the ingress controller reaches the edge, the edge
//     the gateway, the storefront apps, the renderer and Keycloak, only the gateway and the calls the
//     services' configs name reach a service, each service its own database only, Kafka and Redis
//     their clients only;
//   - the engines are the operators' resources: Strimzi KRaft Kafka with a node pool and a KafkaTopic
//     of 6 partitions for each topic and its .dlq, a MongoDBCommunity replica set per database
//     (w=majority in the connection string), Keycloak and realm bazar's KeycloakRealmImport;
//   - every rendered object, custom resources included, passes kubectl-validate's schema validation
//     against Kubernetes' own schemas and the operators' CRDs in ../shared/k8s-crds, offline.
// Needs helm and kubectl-validate in .stack/bin, which `npm test` builds from the Go module proxy
// (infra/bin/install.mjs); without them the test fails saying so.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments, parse } from 'yaml';
import { TOPICS, deadLetterTopic } from '../../packages/contracts/src/topics.ts';

const ROOT = path.resolve(__dirname, '../..');
const CHART = path.join(ROOT, 'infra', 'k8s', 'bazar');
const BIN = path.join(ROOT, '.stack', 'bin');
const HELM = path.join(BIN, 'helm');
const VALIDATE = path.join(BIN, 'kubectl-validate');
/** The operators' published CRDs, kept outside the repository (../shared/k8s-crds/README.md). */
const CRDS = path.resolve(ROOT, '..', 'shared', 'k8s-crds');
const KUBERNETES_VERSION = '1.30';
const VALUE_SETS = ['local', 'production'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered manifests are free-form
type Obj = Record<string, any>;

interface Topology {
  deployables: Record<
    string,
    { kind: string; valuesKey: string; port: number; probePort?: number; database?: string | null; calls?: string[] }
  >;
  topics: string[];
}
const topology = parse(readFileSync(path.join(CHART, 'topology.generated.yaml'), 'utf8')) as Topology;
const DEPLOYABLES = Object.keys(topology.deployables);
const SERVICES = DEPLOYABLES.filter((name) => topology.deployables[name]!.kind === 'service');
const REMOTES = DEPLOYABLES.filter((name) => name.startsWith('mf-'));

function requireTools(): void {
  const missing = [HELM, VALIDATE].filter((tool) => !existsSync(tool));
  if (!existsSync(CRDS)) throw new Error(`The operators' CRDs are not at ${CRDS} (../shared/k8s-crds beside the repository)`);
  if (missing.length > 0)
    throw new Error(
      `${missing.map((tool) => path.basename(tool)).join(' and ')} missing in .stack/bin: \`npm test\` builds them from the Go module ` +
        'proxy (infra/bin/install.mjs, prepare({ forTests: true })); alone: ' +
        `node -e "import('./infra/bin/install.mjs').then((m) => m.installChartTools())"`,
    );
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const valuesFile = (set: string) => path.join(CHART, `values-${set}.yaml`);
const template = (set: string, extra: string[] = []) =>
  run(HELM, ['template', 'bazar', CHART, '--namespace', 'bazar', '-f', valuesFile(set), ...extra]);
/** The rendered objects; a document YAML would refuse (a key twice in a map) fails here. */
function objectsOf(rendered: string): Obj[] {
  const documents = parseAllDocuments(rendered);
  const errors = documents.flatMap((document) => document.errors.map((error) => error.message));
  if (errors.length > 0) throw new Error(`the rendered manifests are not valid YAML:\n${errors.join('\n')}`);
  return documents
    .map((document) => document.toJS() as Obj | null)
    .filter((object): object is Obj => object !== null && typeof object === 'object');
}

const find = (objects: Obj[], kind: string, name: string) =>
  objects.find((object) => object.kind === kind && object.metadata?.name === name);
const podSpecs = (objects: Obj[]) =>
  objects
    .filter((object) => ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'].includes(object.kind))
    .map((object) => ({ object, spec: object.spec.template.spec as Obj }));

const rendered = new Map<string, Obj[]>();
beforeAll(() => {
  requireTools();
  for (const set of VALUE_SETS) rendered.set(set, objectsOf(template(set)));
});
const objects = (set: string) => rendered.get(set)!;

describe.each(VALUE_SETS)('values-%s.yaml', (set) => {
  test('helm lint passes', () => {
    requireTools();
    expect(run(HELM, ['lint', CHART, '--namespace', 'bazar', '-f', valuesFile(set)])).toMatch(/0 chart\(s\) failed/);
  });

  test('every deployable has a Deployment, a Service, a PodDisruptionBudget and an autoscaling/v2 HPA', () => {
    for (const name of DEPLOYABLES) {
      for (const kind of ['Deployment', 'Service', 'PodDisruptionBudget', 'HorizontalPodAutoscaler'])
        expect({ name, kind, found: Boolean(find(objects(set), kind, name)) }).toEqual({ name, kind, found: true });
      const hpa = find(objects(set), 'HorizontalPodAutoscaler', name)!;
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      const deployment = find(objects(set), 'Deployment', name)!;
      expect(find(objects(set), 'PodDisruptionBudget', name)!.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
      expect(find(objects(set), 'Service', name)!.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    }
  });

  test('every container has probes, requests and limits, and runs unprivileged on a read-only root', () => {
    const problems: string[] = [];
    for (const { object, spec } of podSpecs(objects(set))) {
      const pod = spec.securityContext ?? {};
      for (const container of [...(spec.initContainers ?? []), ...spec.containers] as Obj[]) {
        const where = `${object.kind}/${object.metadata.name} container ${container.name}`;
        const context = container.securityContext ?? {};
        if (!container.livenessProbe || !container.readinessProbe) problems.push(`${where}: no liveness or readiness probe`);
        for (const bound of ['requests', 'limits'])
          for (const resource of ['cpu', 'memory'])
            if (!container.resources?.[bound]?.[resource]) problems.push(`${where}: no ${bound}.${resource}`);
        if (!(context.runAsNonRoot ?? pod.runAsNonRoot)) problems.push(`${where}: may run as root`);
        if ((context.runAsUser ?? pod.runAsUser) === 0) problems.push(`${where}: runs as uid 0`);
        if (context.readOnlyRootFilesystem !== true) problems.push(`${where}: root file system writable`);
        if (context.allowPrivilegeEscalation !== false) problems.push(`${where}: privilege escalation allowed`);
        if (!context.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities not dropped`);
        if ((context.seccompProfile ?? pod.seccompProfile)?.type !== 'RuntimeDefault')
          problems.push(`${where}: no RuntimeDefault seccomp profile`);
      }
    }
    expect(problems).toEqual([]);
    expect(podSpecs(objects(set)).length).toBeGreaterThanOrEqual(DEPLOYABLES.length);
  });

  test("the deployables' probes ask /health and /ready", () => {
    for (const name of DEPLOYABLES) {
      const container = find(objects(set), 'Deployment', name)!.spec.template.spec.containers[0];
      const port = topology.deployables[name]!.probePort ?? topology.deployables[name]!.port;
      expect({ name, live: container.livenessProbe.httpGet, ready: container.readinessProbe.httpGet }).toEqual({
        name,
        live: { path: '/health', port },
        ready: { path: '/ready', port },
      });
    }
  });

  test('every image is pinned: a tag, never latest', () => {
    const images: string[] = [];
    for (const { spec } of podSpecs(objects(set))) for (const container of spec.containers as Obj[]) images.push(container.image);
    for (const keycloak of objects(set).filter((object) => object.kind === 'Keycloak')) images.push(keycloak.spec.image);
    expect(images.length).toBeGreaterThan(DEPLOYABLES.length);
    for (const image of images) {
      const tag = /:([\w][\w.-]*)$/.exec(image.split('/').pop()!)?.[1];
      expect({ image, pinned: tag !== undefined && tag !== 'latest' }).toEqual({ image, pinned: true });
    }
  });

  test('no secret value: no Secret with data, secret-like variables only from secretKeyRef', () => {
    const problems: string[] = [];
    for (const object of objects(set))
      if (object.kind === 'Secret' && (object.data || object.stringData)) problems.push(`Secret/${object.metadata.name} carries data`);
    for (const { object, spec } of podSpecs(objects(set)))
      for (const container of spec.containers as Obj[])
        for (const variable of (container.env ?? []) as Obj[]) {
          const where = `${object.metadata.name} ${variable.name}`;
          if (variable.value === undefined) continue;
          if (/(^|_)(SECRET|PASSWORD|TOKEN|KEY|CREDENTIALS?)(_|$)/.test(variable.name)) problems.push(`${where}: a literal value`);
          if (/:\/\/[^/@\s]+:[^/@\s]+@/.test(variable.value) || /-----BEGIN/.test(variable.value))
            problems.push(`${where}: credentials in its value`);
        }
    expect(problems).toEqual([]);
  });

  test('only the signers hold the private keys: the gateway both, the order service the service one; the services the public keys', () => {
    const holders = (variable: string) =>
      DEPLOYABLES.filter((name) =>
        (find(objects(set), 'Deployment', name)!.spec.template.spec.containers[0].env ?? []).some((env: Obj) => env.name === variable),
      ).sort();
    expect(holders('BAZAR_IDENTITY_SIGNING_KEY')).toEqual(['gateway']);
    expect(holders('BAZAR_SERVICE_SIGNING_KEY')).toEqual(['gateway', 'order']);
    expect(holders('BAZAR_IDENTITY_VERIFY_KEY')).toEqual([...SERVICES].sort());
    expect(holders('BAZAR_SERVICE_VERIFY_KEY')).toEqual([...SERVICES].sort());
  });

  test('NetworkPolicies: default deny, DNS, and only the paths the store uses', () => {
    const policy = (name: string) => {
      const found = find(objects(set), 'NetworkPolicy', name);
      if (!found) throw new Error(`no NetworkPolicy ${name}`);
      return found.spec as Obj;
    };
    const deny = policy('default-deny');
    expect(deny).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    const dns = policy('allow-dns');
    expect(dns.podSelector).toEqual({});
    expect(dns.egress[0].ports).toEqual(expect.arrayContaining([{ protocol: 'UDP', port: 53 }]));

    const sources = (spec: Obj) =>
      (spec.ingress ?? []).flatMap((rule: Obj) =>
        (rule.from ?? []).map((peer: Obj) =>
          peer.namespaceSelector
            ? 'ingress-controller'
            : (peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ?? JSON.stringify(peer)),
        ),
      );
    const expectedCallers: Record<string, string[]> = {
      nginx: ['ingress-controller', 'renderer'],
      gateway: ['nginx'],
      shell: ['nginx'],
      renderer: ['nginx'],
      'mf-catalog': ['nginx'],
      'mf-cart': ['nginx'],
      'mf-dashboard': ['nginx'],
      catalog: ['cart', 'gateway', 'order', 'renderer'],
      cart: ['gateway', 'order'],
      order: ['gateway'],
      user: ['gateway'],
      media: ['catalog', 'gateway'],
    };
    for (const name of DEPLOYABLES) {
      const spec = policy(name);
      expect(spec.policyTypes).toEqual(['Ingress', 'Egress']);
      expect({ name, from: [...sources(spec)].sort() }).toEqual({ name, from: [...expectedCallers[name]!].sort() });
    }
    // each service reaches its own database and no other
    for (const name of SERVICES) {
      const databases = (policy(name).egress as Obj[])
        .flatMap((rule) => rule.to ?? [])
        .filter((peer: Obj) => peer.podSelector?.matchLabels?.['bazar.io/engine'] === 'mongo')
        .map((peer: Obj) => peer.podSelector.matchLabels['bazar.io/database']);
      expect({ name, databases }).toEqual({ name, databases: [name] });
      const mongo = policy(`${name}-mongo`);
      expect(mongo.ingress[0].from).toEqual([{ podSelector: { matchLabels: { 'bazar.io/database-client': name } } }]);
      expect(find(objects(set), 'Deployment', name)!.spec.template.metadata.labels['bazar.io/database-client']).toBe(name);
    }
    // nothing but the services holds a database label
    for (const name of DEPLOYABLES.filter((other) => !SERVICES.includes(other)))
      expect(find(objects(set), 'Deployment', name)!.spec.template.metadata.labels['bazar.io/database-client']).toBeUndefined();
    // Keycloak: the edge (its public path), the gateway and the user service
    const keycloakFrom = (policy('keycloak').ingress[0].from as Obj[])
      .map((peer) => peer.podSelector.matchLabels['app.kubernetes.io/name'])
      .sort();
    expect(keycloakFrom).toEqual(['gateway', 'nginx', 'user']);
    // Kafka's listener admits the deployables that read KAFKA_BROKERS; Redis its clients
    const kafka = objects(set).find((object) => object.kind === 'Kafka')!;
    expect(kafka.spec.kafka.listeners[0].networkPolicyPeers).toEqual([
      { podSelector: { matchLabels: { 'bazar.io/kafka-client': 'true' } } },
    ]);
    expect(policy('redis').ingress).toEqual([
      { from: [{ podSelector: { matchLabels: { 'bazar.io/redis-client': 'true' } } }], ports: [{ protocol: 'TCP', port: 6379 }] },
    ]);
  });

  test("the engines are their operators' resources", () => {
    const production = set === 'production';
    const pool = objects(set).find((object) => object.kind === 'KafkaNodePool')!;
    expect(pool.spec.roles).toEqual(['controller', 'broker']);
    const topics = objects(set).filter((object) => object.kind === 'KafkaTopic');
    const expected = Object.values(TOPICS).flatMap((topic) => [topic, deadLetterTopic(topic)]);
    expect(topics.map((topic) => topic.spec.topicName).sort()).toEqual([...expected].sort());
    for (const topic of topics) expect(topic.spec.partitions).toBe(6);
    const mongos = objects(set).filter((object) => object.kind === 'MongoDBCommunity');
    const roles = mongos.map((mongo) => mongo.spec.users[0].roles).sort((a, b) => a[0].db.localeCompare(b[0].db));
    expect(roles).toEqual([...SERVICES].sort().map((name) => [{ name: 'readWrite', db: name }]));
    for (const mongo of mongos) {
      expect(mongo.spec.members).toBe(production ? 3 : 1);
      expect(mongo.spec.additionalConnectionStringConfig.w).toBe('majority');
    }
    const keycloak = objects(set).find((object) => object.kind === 'Keycloak')!;
    expect(keycloak.spec.image).toMatch(/bazar\/keycloak-cluster:/);
    const realm = objects(set).find((object) => object.kind === 'KeycloakRealmImport')!;
    expect(realm.spec.realm.realm).toBe('bazar');
    expect(realm.spec.placeholders.BAZAR_USER_SERVICE_CLIENT_SECRET.secret.name).toBeTruthy();
    const manifest = find(objects(set), 'ConfigMap', 'remote-manifest')!;
    expect(JSON.parse(manifest.data['mf-remotes.json'])).toEqual(
      JSON.parse(readFileSync(path.join(ROOT, 'shell', 'public', 'mf-remotes.json'), 'utf8')),
    );
  });

  test('a remote ships alone: its image tag changes its Deployment and nothing else', () => {
    for (const remote of REMOTES) {
      const { valuesKey } = topology.deployables[remote]!;
      const shipped = objectsOf(template(set, ['--set', `${valuesKey}.image.tag=9.9.9-test`]));
      const changed = shipped
        .filter((object, index) => JSON.stringify(object) !== JSON.stringify(objects(set)[index]))
        .map((object) => `${object.kind}/${object.metadata.name}`);
      expect(changed).toEqual([`Deployment/${remote}`]);
      expect(find(shipped, 'Deployment', remote)!.spec.template.spec.containers[0].image).toMatch(
        new RegExp(`bazar/${remote}:9\\.9\\.9-test$`),
      );
    }
  });

  test("every object passes schema validation offline, the operators' custom resources included", () => {
    const dir = mkdtempSync(path.join(tmpdir(), `bazar-chart-${set}-`));
    try {
      const manifests = path.join(dir, 'manifests');
      mkdirSync(manifests);
      // the operators' CRD folders, as published (LICENSE files beside them are not read)
      const crds = readdirSync(CRDS)
        .map((entry) => path.join(CRDS, entry))
        .filter((entry) => statSync(entry).isDirectory());
      objects(set).forEach((object, index) =>
        writeFileSync(
          path.join(manifests, `${String(index).padStart(3, '0')}-${object.kind}-${object.metadata.name}.json`),
          JSON.stringify(object),
        ),
      );
      const result = spawnSync(VALIDATE, [manifests, '--local-crds', crds.join(','), '--version', KUBERNETES_VERSION, '--output', 'json'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      // one entry per file, with the outcome of each document in it (one here)
      const report = JSON.parse(result.stdout) as Record<string, Obj[]>;
      const failed = Object.entries(report).filter(
        ([, outcomes]) => outcomes.length !== 1 || outcomes.some((outcome) => outcome.status !== 'Success'),
      );
      expect(failed.map(([file, outcome]) => `${path.basename(file)}: ${JSON.stringify(outcome)}`)).toEqual([]);
      expect(Object.keys(report)).toHaveLength(objects(set).length);
      const kinds = new Set(objects(set).map((object) => object.kind));
      for (const kind of ['Kafka', 'KafkaNodePool', 'KafkaTopic', 'MongoDBCommunity', 'Keycloak', 'KeycloakRealmImport'])
        expect(kinds).toContain(kind);
      console.log(
        `values-${set}.yaml: ${objects(set).length} objects rendered, ${Object.keys(report).length} validated (${[...kinds].sort().join(', ')})`,
      );
      expect(result.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

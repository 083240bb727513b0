// A throwaway single-node broker for the outage checks, from the stack's own Kafka build, on ports
// of its own and a data folder in the system's temporary folder: it is killed and started again
// while a client uses it, which the shared broker must never be.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const KAFKA_LIBS = join(__dirname, '..', '..', '.stack', 'kafka', 'libs');

export const THROWAWAY_PORT = Number(process.env.BENCH_THROWAWAY_KAFKA_PORT ?? 19_092);

const java = (mainClass: string, ...args: string[]) => ['-Xms128m', '-Xmx256m', '-cp', `${KAFKA_LIBS}/*`, mainClass, ...args];

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export class ThrowawayBroker {
  private readonly dir = mkdtempSync(join(tmpdir(), 'bench-kafka-'));
  private readonly config = join(this.dir, 'server.properties');
  private process: ChildProcess | undefined;

  constructor(readonly port = THROWAWAY_PORT) {
    writeFileSync(
      this.config,
      [
        'process.roles=broker,controller',
        'node.id=1',
        `controller.quorum.voters=1@127.0.0.1:${port + 1}`,
        `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${port + 1}`,
        `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
        'controller.listener.names=CONTROLLER',
        'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        'offsets.topic.replication.factor=1',
        'offsets.topic.num.partitions=1',
        'transaction.state.log.replication.factor=1',
        'transaction.state.log.min.isr=1',
        'auto.create.topics.enable=false',
        'group.initial.rebalance.delay.ms=0',
        `log.dirs=${join(this.dir, 'data')}`,
      ].join('\n'),
    );
    execFileSync('java', java('kafka.tools.StorageTool', 'format', '-t', randomBytes(16).toString('base64url'), '-c', this.config), {
      stdio: 'ignore',
    });
  }

  get brokers(): string[] {
    return [`127.0.0.1:${this.port}`];
  }

  /** Starts it (on the data it has) and answers once its port takes connections. */
  async start(timeoutMs = 60_000): Promise<void> {
    if (await portOpen(this.port)) throw new Error(`port ${this.port} is taken: set BENCH_THROWAWAY_KAFKA_PORT`);
    const log = join(this.dir, 'broker.log');
    const out = openSync(log, 'a');
    const running = spawn('java', java('kafka.Kafka', this.config), { stdio: ['ignore', out, out] });
    this.process = running;
    // a measurement that ends early (its time limit, an error) must not leave the broker behind
    process.once('exit', () => running.kill('SIGKILL'));
    const until = Date.now() + timeoutMs;
    while (!(await portOpen(this.port))) {
      if (Date.now() > until || running.exitCode !== null)
        throw new Error(`the throwaway broker did not start: ${readFileSync(log, 'utf8').slice(-2_000)}`);
      await sleep(200);
    }
  }

  /** Kills it as a crash would (SIGKILL) and waits for the process to end. */
  async kill(): Promise<void> {
    const running = this.process;
    this.process = undefined;
    if (!running || running.exitCode !== null) return;
    const ended = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await ended;
  }

  async remove(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

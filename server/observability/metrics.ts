import client, { type Counter, type Histogram, type Registry } from "prom-client";

// Prometheus metrics of this process (app server or worker), served on /api/metrics (the worker: on its
// small HTTP listener). One registry per process, kept on globalThis: route handlers bundled by Next and
// the server's own modules are two module graphs in one process, and both must count into the same
// metrics. Gauges that need a query (webhook backlog, queue depths, sockets) are read at scrape time by
// collectors the process registers (server/observability/collectors.ts).

const PREFIX = "switchboard_";
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create(register: Registry) {
  const opts = { registers: [register] };
  return {
    register,
    httpDuration: new client.Histogram({ ...opts, name: `${PREFIX}http_request_duration_seconds`, help: "HTTP request duration by route pattern", labelNames: ["method", "route", "status"], buckets: LATENCY_BUCKETS }),
    webhookAck: new client.Histogram({ ...opts, name: `${PREFIX}webhook_ack_duration_seconds`, help: "Time to acknowledge a Messenger webhook delivery (verify + store)", labelNames: ["status"], buckets: LATENCY_BUCKETS }),
    webhookToEmit: new client.Histogram({
      ...opts,
      name: `${PREFIX}webhook_to_emit_seconds`,
      help: "From storing a webhook delivery to the commit of its processing; its socket events are emitted during processing, so this bounds webhook -> emit",
      buckets: LATENCY_BUCKETS,
    }),
    webhookBacklog: new client.Gauge({ ...opts, name: `${PREFIX}webhook_backlog`, help: "Webhook deliveries stored and not yet processed" }),
    webhookOldestAge: new client.Gauge({ ...opts, name: `${PREFIX}webhook_oldest_pending_age_seconds`, help: "Age of the oldest unprocessed webhook delivery (0 when none)" }),
    graphCalls: new client.Counter({ ...opts, name: `${PREFIX}graph_api_calls_total`, help: "Graph API calls by outcome and Graph error code", labelNames: ["outcome", "code"] }),
    socketsConnected: new client.Gauge({ ...opts, name: `${PREFIX}sockets_connected`, help: "Socket.IO connections on this instance" }),
    socketRooms: new client.Gauge({ ...opts, name: `${PREFIX}socket_rooms`, help: "Socket.IO rooms with members on this instance" }),
    queueJobs: new client.Gauge({ ...opts, name: `${PREFIX}queue_jobs`, help: "BullMQ jobs by state", labelNames: ["state"] }),
    jobDuration: new client.Histogram({ ...opts, name: `${PREFIX}job_duration_seconds`, help: "BullMQ job run time by job name and outcome", labelNames: ["job", "outcome"], buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800] }),
    offerRecipients: new client.Counter({ ...opts, name: `${PREFIX}offer_recipients_total`, help: "Offer recipients settled, by outcome (sent, skipped, failed)", labelNames: ["outcome"] }),
    otpRequests: new client.Counter({ ...opts, name: `${PREFIX}otp_requests_total`, help: "Sign-in code requests by outcome", labelNames: ["outcome"] }),
    otpVerifications: new client.Counter({ ...opts, name: `${PREFIX}otp_verifications_total`, help: "Sign-in code checks by outcome (failures: bad_request, forbidden, rate_limited …)", labelNames: ["outcome"] }),
  };
}

export type Metrics = ReturnType<typeof create>;

const globalForMetrics = globalThis as unknown as { switchboardMetrics?: Metrics };

export function metrics(): Metrics {
  if (!globalForMetrics.switchboardMetrics) {
    const register = new client.Registry();
    client.collectDefaultMetrics({ register, prefix: PREFIX });
    globalForMetrics.switchboardMetrics = create(register);
  }
  return globalForMetrics.switchboardMetrics;
}

/** Counts how a service call ended (ok, or its AppError code) on a counter with an "outcome" label. */
export async function countOutcome<T>(counter: (m: Metrics) => Counter<"outcome">, work: Promise<T>): Promise<T> {
  try {
    const result = await work;
    counter(metrics()).inc({ outcome: "ok" });
    return result;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    counter(metrics()).inc({ outcome: typeof code === "string" ? code : "error" });
    throw error;
  }
}

/** Counts how each Graph call ends (ok, or GraphError kind + code): the one point in graph-client.ts. */
export async function countGraphCall<T>(call: Promise<T>): Promise<T> {
  try {
    const result = await call;
    metrics().graphCalls.inc({ outcome: "ok", code: "" });
    return result;
  } catch (error) {
    const e = error as { kind?: unknown; code?: unknown };
    metrics().graphCalls.inc({ outcome: typeof e.kind === "string" ? e.kind : "network", code: e.code === undefined ? "" : String(e.code) });
    throw error;
  }
}

/** Starts a timer on a histogram; the returned function observes the elapsed seconds. */
export function startTimer<L extends string>(histogram: Histogram<L>): (labels?: Partial<Record<L, string>>) => void {
  const started = performance.now();
  return (labels) => histogram.observe(labels ?? {}, (performance.now() - started) / 1000);
}


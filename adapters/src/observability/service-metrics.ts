import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from "prom-client";

/** What the sweep reports of each step it ran (sweeper.ts). */
export interface SweepObserver {
  stepRan(step: string, seconds: number, failed: boolean): void;
}

/** What the payment gateway reports of each call it made to the provider (resilient-gateway.ts). */
export interface ProviderCallObserver {
  /** one attempt: how long it took and how it ended ("ok", "refused": the provider said no, "timeout", "unavailable") */
  attempt(operation: string, seconds: number, outcome: ProviderOutcome): void;
}

export type ProviderOutcome = "ok" | "refused" | "timeout" | "unavailable";

/** Mail and events written but not handled yet (the outbox and domain_events tables). */
export interface Backlog {
  readonly mailsPending: number;
  readonly mailsFailed: number;
  readonly eventsPending: number;
}

/** The database's connection pool right now. */
export interface PoolUse {
  readonly max: number;
  readonly used: number;
  readonly free: number;
  /** statements waiting for a connection */
  readonly waiting: number;
}

export interface MetricsSources {
  /** read at each scrape; a failure leaves the last values and counts a scrape error */
  readonly backlog?: () => Promise<Backlog>;
  readonly pool?: () => PoolUse;
  /** the process's own metrics (CPU, memory, event loop lag, handles): the server only, never per test app */
  readonly processMetrics?: boolean;
}

const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface RequestSeries {
  readonly labels: { readonly method: string; readonly route: string; readonly status: string };
  /** per bucket, the answers that fell in it and in no smaller one (made cumulative when read) */
  readonly counts: number[];
  sum: number;
  count: number;
}

/**
 * Request durations as a Prometheus histogram, kept in plain arrays per (method, route, status) and
 * written out when scraped. prom-client's Histogram took about 2.5 us per observation (it hashes
 * the labels each time), some 9% of a bare route's throughput; this takes one Map lookup.
 */
class RequestHistogram {
  readonly name = "courts_http_request_duration_seconds";
  readonly help = "Time from a request's arrival to its answer, by route pattern (never the URL with its ids) and status";
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, RequestSeries>();

  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    const key = `${method} ${route ?? ""} ${status}`;
    let series = this.series.get(key);
    if (series === undefined) {
      series = { labels: { method, route: route ?? "unmatched", status: String(status) }, counts: REQUEST_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, series);
    }
    for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
      if (seconds <= REQUEST_BUCKETS[i]!) {
        series.counts[i]!++;
        break;
      }
    }
    series.sum += seconds;
    series.count++;
  }

  get() {
    const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let below = 0;
      REQUEST_BUCKETS.forEach((le, i) => {
        below += counts[i]!;
        values.push({ labels: { ...labels, le }, value: below, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: "+Inf" }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

/**
 * The numbers GET /metrics gives Prometheus (DESIGN.md section 19), in one registry per instance:
 * tests build several apps in one process, and prom-client's global registry would mix them.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requestSeconds = new RequestHistogram();
  private readonly stepRuns: Counter<"step">;
  private readonly stepFailures: Counter<"step">;
  private readonly stepSeconds: Histogram<"step">;
  private readonly providerSeconds: Histogram<"operation" | "outcome">;
  private readonly providerErrors: Counter<"operation" | "outcome">;

  constructor(sources: MetricsSources = {}) {
    const registers = [this.registry];
    this.registry.registerMetric(this.requestSeconds as unknown as Metric);
    this.stepRuns = new Counter({ name: "courts_sweep_step_runs_total", help: "Sweep steps run, by step", labelNames: ["step"], registers });
    this.stepFailures = new Counter({ name: "courts_sweep_step_failures_total", help: "Sweep steps that failed (retried on the next pass), by step", labelNames: ["step"], registers });
    this.stepSeconds = new Histogram({
      name: "courts_sweep_step_duration_seconds",
      help: "How long a sweep step took, by step",
      labelNames: ["step"],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.providerSeconds = new Histogram({
      name: "courts_payment_provider_call_duration_seconds",
      help: "Each attempt of a call to the card provider, by operation and outcome (ok, refused, timeout, unavailable)",
      labelNames: ["operation", "outcome"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.providerErrors = new Counter({
      name: "courts_payment_provider_call_errors_total",
      help: "Attempts of a call to the card provider that timed out or found it unavailable, by operation",
      labelNames: ["operation", "outcome"],
      registers,
    });
    const scrapeErrors = new Counter({ name: "courts_metrics_scrape_errors_total", help: "Scrapes that could not read the database's backlog", registers });

    const backlog = sources.backlog;
    if (backlog !== undefined) {
      let last: Backlog = { mailsPending: 0, mailsFailed: 0, eventsPending: 0 };
      let reading: Promise<void> | undefined;
      // the three gauges read the database once per scrape, not once each
      const refresh = () =>
        (reading ??= backlog()
          .then(
            (now) => {
              last = now;
            },
            () => scrapeErrors.inc(),
          )
          .finally(() => {
            reading = undefined;
          }));
      new Gauge({
        name: "courts_outbox_backlog",
        help: "Mail and domain events written and not handled yet (queue: mail, mail_failed, events)",
        labelNames: ["queue"],
        registers,
        async collect() {
          await refresh();
          this.set({ queue: "mail" }, last.mailsPending);
          this.set({ queue: "mail_failed" }, last.mailsFailed);
          this.set({ queue: "events" }, last.eventsPending);
        },
      });
    }
    const pool = sources.pool;
    if (pool !== undefined) {
      new Gauge({
        name: "courts_database_pool_connections",
        help: "The database pool's connections (state: max, used, free) and the statements waiting for one (waiting)",
        labelNames: ["state"],
        registers,
        collect() {
          const use = pool();
          this.set({ state: "max" }, use.max);
          this.set({ state: "used" }, use.used);
          this.set({ state: "free" }, use.free);
          this.set({ state: "waiting" }, use.waiting);
        },
      });
    }
    if (sources.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** one answered request; `route` is the pattern it matched (`/api/bookings/:id`), or undefined when none did */
  request(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requestSeconds.observe(method, route, status, seconds);
  }

  readonly sweep: SweepObserver = {
    stepRan: (step, seconds, failed) => {
      this.stepRuns.inc({ step });
      if (failed) this.stepFailures.inc({ step });
      this.stepSeconds.observe({ step }, seconds);
    },
  };

  readonly provider: ProviderCallObserver = {
    attempt: (operation, seconds, outcome) => {
      this.providerSeconds.observe({ operation, outcome }, seconds);
      if (outcome === "timeout" || outcome === "unavailable") this.providerErrors.inc({ operation, outcome });
    },
  };

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

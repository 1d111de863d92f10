import { z } from "zod";

// The Reports screen's API (docs/PRODUCT.md §11, docs/API.md "Reports").

/** The longest range one report reads (a year and a day, for leap years). */
export const MAX_REPORT_DAYS = 366;

const day = (name: string) => z.string({ error: `${name} is required` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`);
const optionalId = z.string().trim().max(100).optional().transform((s) => (s && s !== "all" ? s : undefined));

/** GET /api/reports/responses: local days of the company's time zone, both included. */
export const ZResponseReportQuery = z
  .object({
    from: day("from"),
    to: day("to"),
    pageId: optionalId,
    agentId: optionalId,
    label: z.string().trim().max(50).optional().transform((s) => s?.toLowerCase() || undefined),
    format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
  })
  .superRefine((q, ctx) => {
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from)) return ctx.addIssue({ code: "custom", path: ["from"], message: "from must be a date (YYYY-MM-DD)" });
    if (Number.isNaN(to)) return ctx.addIssue({ code: "custom", path: ["to"], message: "to must be a date (YYYY-MM-DD)" });
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
    else if ((to - from) / 86_400_000 + 1 > MAX_REPORT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: `A report covers at most ${MAX_REPORT_DAYS} days` });
  });
export type TResponseReportQuery = z.infer<typeof ZResponseReportQuery>;

/** A day's opening windows: [startMinute, endMinute] of local time; an end not after the start runs past midnight. */
const windows = z
  .array(z.tuple([z.number().int().min(0).max(1440), z.number().int().min(0).max(1440)]), { error: "each day is a list of [start, end] minutes" })
  .max(4, "At most 4 windows a day");

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** PUT /api/reports/business-hours: the company's time zone and hours ("1" = Monday … "7" = Sunday); null hours = around the clock. */
export const ZBusinessHours = z.object({
  timezone: z.string({ error: "timezone is required" }).trim().min(1, "timezone is required").max(64).refine(isTimeZone, "timezone must be an IANA time zone, like Europe/Berlin"),
  businessHours: z.partialRecord(z.enum(["1", "2", "3", "4", "5", "6", "7"], { error: "days are 1 (Monday) to 7 (Sunday)" }), windows).nullable(),
});
export type TBusinessHours = z.infer<typeof ZBusinessHours>;

/** GET /api/reports/headline?pageId=: the dashboard's figures. */
export const ZHeadlineQuery = z.object({ pageId: optionalId });

/** A target in business minutes: at most a week of them; null = no target. */
const targetMinutes = (name: string) =>
  z.number({ error: `${name} must be a number of minutes` }).int(`${name} must be whole minutes`).min(1, `${name} must be at least 1 minute`).max(10_080, `${name} can be at most 10080 minutes (a week)`).nullable();

/** PUT /api/reports/targets: the company's response targets (docs/PRODUCT.md §13.3). */
export const ZResponseTargets = z.object({
  firstResponseTargetMinutes: targetMinutes("The first response target"),
  nextResponseTargetMinutes: targetMinutes("The next response target"),
  breachEmail: z.boolean({ error: "breachEmail must be true or false" }),
});
export type TResponseTargets = z.infer<typeof ZResponseTargets>;

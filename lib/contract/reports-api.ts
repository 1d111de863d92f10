// What the Reports API returns (docs/PRODUCT.md §11 defines each figure; docs/API.md "Reports"). Times are
// business seconds in the company's hours; null where nothing was measured.

/** How many were measured, their median and 90th percentile. */
export type Figure = { count: number; median: number | null; p90: number | null };

export type ReportDay = {
  day: string;
  opened: number;
  done: number;
  firstResponseMedian: number | null;
  replyMedian: number | null;
  resolutionMedian: number | null;
  /** Answered bursts of all that ended that day (0–1). */
  responseRate: number | null;
};

export type ReportAgent = {
  /** null: replies from the Page Inbox (no agent). */
  agentId: string | null;
  name: string;
  replies: number;
  replyMedian: number | null;
  firstResponses: number;
  firstResponseMedian: number | null;
  done: number;
};

/** Comments under the Pages' posts of the range, per channel (issue 42): answered publicly or privately, and how fast. */
export type CommentFigure = { kind: "fb_comment" | "ig_comment"; received: number; answered: number; answer: Figure };

export type ResponseReport = {
  from: string;
  to: string;
  timezone: string;
  totals: { opened: number; done: number; unanswered: number; responseRate: number | null; firstResponse: Figure; reply: Figure; resolution: Figure };
  days: ReportDay[];
  agents: ReportAgent[];
  /** Not cut by agent or label (a comment has neither); by page, as the rest. */
  comments: CommentFigure[];
  /** The Pages' automatic replies sent in the range (docs/PRODUCT.md §13.1), apart from the people's replies above. */
  automaticReplies: AutomaticRepliesReport;
  /** Response targets met (docs/PRODUCT.md §13.3); null when the company has none. */
  targets?: TargetsReport | null;
  /** The filters' choices: the actor's pages, the company's agents, the pages' labels. */
  choices: { pages: { _id: string; name: string }[]; agents: { _id: string; name: string }[]; labels: string[] };
};

/** The dashboard's headline figures. */
export type ResponseHeadline = {
  timezone: string;
  /** Median first response of today (company time) and of the 7 days before it; seconds. */
  firstResponseToday: number | null;
  firstResponseLast7Days: number | null;
  openNow: number;
  unassignedNow: number;
  /** The customer waiting longest for a reply right now: since when (ISO), or null. */
  longestWaitSince: string | null;
};

export type BusinessHoursSetting = { timezone: string; businessHours: Record<string, [number, number][]> | null };

/** The company's response targets (docs/PRODUCT.md §13.3): business minutes, null = none; breach e-mails to the admins. */
export type ResponseTargetsSetting = { firstResponseTargetMinutes: number | null; nextResponseTargetMinutes: number | null; breachEmail: boolean };

/** Of `count` measured, `met` were within the target. */
export type MetFigure = { count: number; met: number };

/** One agent ("Page Inbox": agentId null), Page or channel of the report: % met of first and next responses. */
export type TargetRow = { kind: "agent" | "page" | "channel"; id: string | null; name: string; firstResponse: MetFigure; reply: MetFigure };

/** The share of replies within the company's current targets, in the report's range and filters. */
export type TargetsReport = { first: number | null; next: number | null; all: { firstResponse: MetFigure; reply: MetFigure }; rows: TargetRow[] };

/** One Page's automatic replies on one channel. */
export type AutomaticReplyRow = { pageId: string; pageName: string; channel: "messenger" | "instagram"; instant: number; away: number };

/**
 * Automatic replies sent in the report's range, on its Pages and for its label; none under an agent filter
 * (they are the Page's, no agent's). Not in the response figures, the agents' rows or the targets met.
 */
export type AutomaticRepliesReport = { instant: number; away: number; rows: AutomaticReplyRow[] };

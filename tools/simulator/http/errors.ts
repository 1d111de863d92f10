// Errors of the control API (/sim/…) and of request parsing. Graph API errors have their own type
// (graph/graph-error.ts) because they must look exactly like Meta's.

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "ControlError";
  }
}

/** The body could not be read or decoded at all. */
export class BodyError extends ControlError {
  constructor(message: string, status = 400) {
    super(status, message);
    this.name = "BodyError";
  }
}

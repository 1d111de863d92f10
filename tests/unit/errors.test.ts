import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, errorResponse } from "@/server/http/errors";
import { logger } from "@/server/observability/log";

describe("errorResponse", () => {
  it("maps AppError codes to statuses with the message in error and message", async () => {
    const res = errorResponse(new AppError("forbidden", "Nope"));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Nope", message: "Nope", code: "forbidden" });
  });

  it("turns a ZodError into 400 with per-field messages", async () => {
    const result = z.object({ name: z.string().min(2, "Name must be at least 2 characters") }).safeParse({ name: "a" });
    const res = errorResponse(result.error);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Name must be at least 2 characters", fields: { name: "Name must be at least 2 characters" } });
  });

  it("maps Prisma's not-found to 404 and hides anything else behind a generic 500", async () => {
    expect(errorResponse({ code: "P2025" }).status).toBe(404);
    const log = vi.spyOn(logger(), "error").mockImplementation(() => {});
    const res = errorResponse(new Error("connection string with password"));
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain("password");
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

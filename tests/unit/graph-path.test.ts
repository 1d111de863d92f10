import { describe, expect, it } from "vitest";
import { graphPath, isGraphId } from "@/server/integrations/meta/graph-path";
import { GraphError } from "@/server/integrations/meta/graph-errors";

// Graph paths are built from digit ids only (issue 29, point 10).

describe("graphPath", () => {
  it("builds paths from digit ids and fixed edges", () => {
    const pageId = "100000000000001";
    expect(graphPath`${pageId}/messages`).toBe("100000000000001/messages");
    expect(graphPath`${"5550001"}`).toBe("5550001");
    expect(graphPath`me/accounts`).toBe("me/accounts");
    expect(graphPath`debug_token`).toBe("debug_token");
  });

  it("refuses any interpolated value that is not digits, before a request exists", () => {
    const hostile = ["../../x", "..", ".", "", "x", "me", "123/../456", "123?fields=access_token", "123#x", "%2e%2e", "12 3", "１２３", "123\n", "-1", "1e5", "0x1f", "1".repeat(33)];
    for (const id of hostile) {
      expect(() => graphPath`${id}/messages`, JSON.stringify(id)).toThrow(GraphError);
      expect(() => graphPath`${id}`, JSON.stringify(id)).toThrow(/Graph ids are digits/);
      expect(isGraphId(id)).toBe(false);
    }
    expect(() => graphPath`${"123"}/${"../x"}`).toThrow(GraphError);
    const refused = (() => {
      try {
        return graphPath`${"../../x"}`;
      } catch (error) {
        return error as GraphError;
      }
    })() as GraphError;
    expect(refused).toBeInstanceOf(GraphError);
    expect(refused.kind).toBe("invalid_parameter");
    expect(refused.retryable).toBe(false);
  });

  it("takes a post's or a comment's id, two runs of digits joined by one underscore (issue 42)", () => {
    expect(graphPath`${"100000000000001_42"}/comments`).toBe("100000000000001_42/comments");
    for (const id of ["1_", "_1", "1__2", "1_2_3", "1_x", "1_../2"]) expect(() => graphPath`${id}`, id).toThrow(GraphError);
    // An account (Page, person) is digits only.
    expect(isGraphId("1_2")).toBe(false);
  });

  it("refuses fixed parts that are not plain edge names (a mistake in our own code)", () => {
    const id = "123";
    expect(() => graphPath`${id}/../messages`).toThrow(/Not a Graph path/);
    expect(() => graphPath`${id}//messages`).toThrow(/Not a Graph path/);
    expect(() => graphPath`/me`).toThrow(/Not a Graph path/);
    expect(() => graphPath`me?x=1`).toThrow(/Not a Graph path/);
    expect(() => graphPath``).toThrow(/Not a Graph path/);
  });

  it("takes numbers only as the strings the type allows", () => {
    expect(isGraphId("0")).toBe(true);
    expect(isGraphId(123)).toBe(false);
    expect(isGraphId(null)).toBe(false);
  });
});

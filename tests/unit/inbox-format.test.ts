import { describe, expect, it } from "vitest";
import { dateSeparatorLabel, dayKey } from "@/lib/inbox/date-label";
import { formatDuration, formatTime12 } from "@/lib/inbox/time";
import { avatarColor, initialsFromName, isImageUrl, pageAvatars } from "@/lib/inbox/initials";
import { activityLabel } from "@/lib/inbox/activity";

describe("date separators (PRODUCT §2, en-US)", () => {
  const now = new Date(2026, 10, 19, 15, 30); // Thu, Nov 19 2026, local time

  it("says Today for the same calendar day, whatever the hour", () => {
    expect(dateSeparatorLabel(new Date(2026, 10, 19, 0, 0), now)).toBe("Today");
    expect(dateSeparatorLabel(new Date(2026, 10, 19, 23, 59), now)).toBe("Today");
  });

  it("says Yesterday for the previous calendar day, also across a month or year boundary", () => {
    expect(dateSeparatorLabel(new Date(2026, 10, 18, 23, 59), now)).toBe("Yesterday");
    expect(dateSeparatorLabel(new Date(2026, 9, 31, 8), new Date(2026, 10, 1, 9))).toBe("Yesterday");
    expect(dateSeparatorLabel(new Date(2025, 11, 31, 8), new Date(2026, 0, 1, 9))).toBe("Yesterday");
  });

  it("uses the short weekday, month and day in en-US otherwise", () => {
    expect(dateSeparatorLabel(new Date(2026, 10, 16, 10), now)).toBe("Mon, Nov 16");
    expect(dateSeparatorLabel(new Date(2026, 0, 2, 10), now)).toBe("Fri, Jan 2");
  });

  it("adds the year when it is not the current year", () => {
    expect(dateSeparatorLabel(new Date(2025, 10, 17, 10), now)).toBe("Mon, Nov 17, 2025");
    expect(dateSeparatorLabel(new Date(2025, 11, 30, 10), new Date(2026, 0, 1, 9))).toBe("Tue, Dec 30, 2025");
  });

  it("keys messages by local calendar day", () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(dayKey(new Date(2026, 0, 6, 0, 0))).toBe("2026-01-06");
  });
});

describe("12-hour row times", () => {
  it.each([
    [new Date(2026, 10, 19, 0, 0), "12:00 AM"],
    [new Date(2026, 10, 19, 0, 5), "12:05 AM"],
    [new Date(2026, 10, 19, 9, 7), "09:07 AM"],
    [new Date(2026, 10, 19, 11, 59), "11:59 AM"],
    [new Date(2026, 10, 19, 12, 0), "12:00 PM"],
    [new Date(2026, 10, 19, 13, 45), "01:45 PM"],
    [new Date(2026, 10, 19, 23, 59), "11:59 PM"],
  ])("%s → %s", (date, text) => {
    expect(formatTime12(date)).toBe(text);
    expect(formatTime12(date.toISOString())).toBe(text);
  });

  it("gives an empty text for an invalid date", () => {
    expect(formatTime12("not a date")).toBe("");
  });
});

describe("durations for the reply window", () => {
  it.each([
    [30_000, "less than a minute"],
    [7 * 60_000, "7m"],
    [(5 * 60 + 12) * 60_000, "5h 12m"],
    [(3 * 24 * 60 + 4 * 60 + 59) * 60_000, "3d 4h"],
    [2 * 24 * 60 * 60_000, "2d"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("initials generated from the name", () => {
  it.each([
    ["Ana Lima", "AL"],
    ["ana", "A"],
    ["  maria  da   silva ", "MS"],
    ["Élodie Ørsted", "ÉØ"],
    ["(guest) 42", "G4"],
    ["", "?"],
    ["   ", "?"],
    ["😀 Smile", "S"],
  ])("%j → %s", (name, initials) => {
    expect(initialsFromName(name)).toBe(initials);
  });

  it("gives a name the same colour every time", () => {
    expect(avatarColor("Ana Lima")).toBe(avatarColor("Ana Lima"));
    expect(avatarColor("Ana Lima")).toMatch(/^bg-\w+-100 text-\w+-\d+$/);
  });

  it("uses only http(s) addresses as avatar images", () => {
    expect(isImageUrl("https://cdn.example.com/a.png")).toBe(true);
    expect(isImageUrl("http://127.0.0.1:4010/avatars/1.svg")).toBe(true);
    expect(isImageUrl("javascript:alert(1)")).toBe(false);
    expect(isImageUrl("AL")).toBe(false);
    expect(isImageUrl(null)).toBe(false);
  });
});

describe("customer activity", () => {
  const now = Date.UTC(2026, 10, 19, 12);
  it("is 'Active now' within 5 minutes of the customer's last message, else the fixed text", () => {
    expect(activityLabel(now - 4 * 60_000, now)).toBe("Active now");
    expect(activityLabel(now - 5 * 60_000, now)).toBe("Active 2h ago");
    expect(activityLabel(null, now)).toBe("Active 2h ago");
  });
});

describe("page tab avatars", () => {
  it("differ between the pages shown together and stay the same on every render", () => {
    const pages = [
      { id: "018f0000-0000-7000-8000-000000000001", name: "Acme Shoes" },
      { id: "018f0000-0000-7000-8000-000000000002", name: "Acme Support" },
      { id: "018f0000-0000-7000-8000-000000000003", name: "Acme Outlet" },
    ];
    const avatars = pageAvatars(pages);
    expect(avatars.get(pages[0]!.id)!.initials).toBe("AS");
    expect(new Set([...avatars.values()].map((a) => a.initials)).size).toBe(3);
    expect(new Set([...avatars.values()].map((a) => a.color)).size).toBe(3);
    expect(pageAvatars(pages)).toEqual(avatars);
  });
});

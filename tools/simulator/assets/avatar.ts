// Profile pictures for simulated customers: an SVG circle with the customer's initials, in a colour
// derived from the PSID so each customer keeps the same look.

const COLOURS = ["#2563eb", "#7c3aed", "#db2777", "#ea580c", "#059669", "#0891b2", "#4f46e5", "#b45309"];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function avatarSvg(psid: string, firstName = "", lastName = ""): string {
  const initials = `${[...firstName][0] ?? ""}${[...lastName][0] ?? ""}`.toUpperCase() || "?";
  const colour = COLOURS[[...psid].reduce((sum, c) => sum + c.charCodeAt(0), 0) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<circle cx="64" cy="64" r="64" fill="${colour}"/>
<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="600" fill="#fff">${escapeXml(initials)}</text>
</svg>`;
}

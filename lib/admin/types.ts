// Shapes the admin screens read from the links API (docs/API.md, PRODUCT §3 Whitelist entry, Violation record).

export type WhitelistEntry = {
  _id: string;
  url: string;
  type?: string;
  createdBy: string | null;
  createdById?: string | null;
  createdAt: string;
};

export type NamedRef = { _id: string; name?: string | null } | null;

export type ViolationRecord = {
  _id: string;
  user: NamedRef;
  page: NamedRef;
  conversationId?: string | null;
  urls: string[];
  message: string | null;
  createdAt: string;
};

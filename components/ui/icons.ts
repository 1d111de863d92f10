// The app's icon set: Lucide's icons under the names our screens use. Each comes from its own module
// (lucide-react/icons/<name>), so a page's bundle holds only the icons it renders. Lucide draws 24×24
// strokes and hides an icon from assistive tech (aria-hidden) unless it gets a title or an aria-* label;
// call sites give the size as a class (size-4, size-5…).

export type { LucideProps as IconProps } from "lucide-react";

export { default as MenuIcon } from "lucide-react/icons/menu";
export { default as XIcon } from "lucide-react/icons/x";
export { default as ChevronDownIcon } from "lucide-react/icons/chevron-down";
export { default as ArrowLeftIcon } from "lucide-react/icons/arrow-left";
export { default as CheckIcon } from "lucide-react/icons/check";
export { default as PlusIcon } from "lucide-react/icons/plus";
export { default as LogOutIcon } from "lucide-react/icons/log-out";
export { default as UserIcon } from "lucide-react/icons/user";
export { default as UsersIcon } from "lucide-react/icons/users";
export { default as MessageIcon } from "lucide-react/icons/message-square";
export { default as DashboardIcon } from "lucide-react/icons/layout-dashboard";
export { default as FlagIcon } from "lucide-react/icons/flag";
export { default as LinkIcon } from "lucide-react/icons/link";
export { default as ShieldAlertIcon } from "lucide-react/icons/shield-alert";
export { default as ShieldCheckIcon } from "lucide-react/icons/shield-check";
export { default as LockIcon } from "lucide-react/icons/lock";
export { default as SendIcon } from "lucide-react/icons/send";
export { default as CalendarClockIcon } from "lucide-react/icons/calendar-clock";
export { default as RefreshIcon } from "lucide-react/icons/refresh-cw";
export { default as ClockIcon } from "lucide-react/icons/clock";
export { default as PencilIcon } from "lucide-react/icons/pencil";
export { default as TrashIcon } from "lucide-react/icons/trash";
export { default as NoteIcon } from "lucide-react/icons/sticky-note";
export { default as CompassIcon } from "lucide-react/icons/compass";
export { default as ImageIcon } from "lucide-react/icons/image";
export { default as TagIcon } from "lucide-react/icons/tag";
export { default as UploadIcon } from "lucide-react/icons/upload";
export { default as SearchIcon } from "lucide-react/icons/search";
export { default as MoreIcon } from "lucide-react/icons/ellipsis";
export { default as FileTextIcon } from "lucide-react/icons/file-text";
export { default as PlayIcon } from "lucide-react/icons/play";

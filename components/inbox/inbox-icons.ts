// Inbox-only icons (Lucide, one module each; see components/ui/icons.ts).

export { default as StarIcon } from "lucide-react/icons/star";
export { default as SpamIcon } from "lucide-react/icons/octagon-alert";
export { SearchIcon } from "@/components/ui/icons";
export { default as ChevronLeftIcon } from "lucide-react/icons/chevron-left";
export { default as ChevronRightIcon } from "lucide-react/icons/chevron-right";
export { default as PaperclipIcon } from "lucide-react/icons/paperclip";
export { default as SmileIcon } from "lucide-react/icons/smile";
export { default as ThumbsUpIcon } from "lucide-react/icons/thumbs-up";
export { default as RepliesIcon } from "lucide-react/icons/message-square-text";
export { default as CheckCheckIcon } from "lucide-react/icons/check-check";
export { default as PanelRightIcon } from "lucide-react/icons/panel-right";
export { default as BellIcon } from "lucide-react/icons/bell";
export { default as BellOffIcon } from "lucide-react/icons/bell-off";
export { default as VolumeIcon } from "lucide-react/icons/volume-2";
export { default as VolumeOffIcon } from "lucide-react/icons/volume-x";
export { default as KeyboardIcon } from "lucide-react/icons/keyboard";
export { default as DoneIcon } from "lucide-react/icons/circle-check";
export { default as SnoozeIcon } from "lucide-react/icons/alarm-clock";
export { default as ReopenIcon } from "lucide-react/icons/rotate-ccw";

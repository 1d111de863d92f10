// The comments view's icons (Lucide, one module each; see components/ui/icons.ts).

export { default as CommentsIcon } from "lucide-react/icons/message-circle";
export { default as ReplyIcon } from "lucide-react/icons/reply";
export { default as PrivateReplyIcon } from "lucide-react/icons/lock";
export { default as EyeIcon } from "lucide-react/icons/eye";
export { default as EyeOffIcon } from "lucide-react/icons/eye-off";
export { default as ExternalLinkIcon } from "lucide-react/icons/external-link";
export { ThumbsUpIcon } from "@/components/inbox/inbox-icons";

// Offer-screen icons (Lucide, one module each; see components/ui/icons.ts).

export { default as TextIcon } from "lucide-react/icons/type";
export { default as PauseIcon } from "lucide-react/icons/pause";
export { PlayIcon } from "@/components/ui/icons";
export { default as BanIcon } from "lucide-react/icons/ban";
export { default as InfoIcon } from "lucide-react/icons/info";
export { default as UsersRoundIcon } from "lucide-react/icons/users-round";

// Class-name joining is clsx's job (tiny, no dependencies, also takes arrays and { class: condition } maps);
// `cn` stays the one name call sites use: cn("a", cond && "b").
export { clsx as cn } from "clsx";

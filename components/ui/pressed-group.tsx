import type { ReactNode } from "react";

/**
 * A row of toggle buttons of which one is pressed: the inbox's view switch, its status views and the comments'
 * filters. A group with a name and `aria-pressed` buttons rather than tabs — each switches what a list shows,
 * and the page strip above them already is the tab pattern. Each caller keeps its own look and labels.
 */
export function PressedGroup<T extends string>({
  label,
  options,
  pressed,
  onPress,
  className,
  buttonClassName,
  children,
}: {
  label: string;
  options: readonly T[];
  pressed: T | undefined;
  onPress: (option: T) => void;
  className?: string;
  buttonClassName: (option: T, pressed: boolean) => string;
  children: (option: T) => ReactNode;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <button key={option} type="button" aria-pressed={pressed === option} onClick={() => onPress(option)} className={buttonClassName(option, pressed === option)}>
          {children(option)}
        </button>
      ))}
    </div>
  );
}

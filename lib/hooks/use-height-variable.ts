import { useEffect, useRef } from "react";

/**
 * Publishes an element's height as a CSS variable on the document (px), kept current as it resizes and
 * removed when it unmounts: for things positioned elsewhere in the tree (the inbox's toasts sit below the
 * thread header, whose height depends on its pane's width).
 */
export function useHeightVariable<T extends HTMLElement = HTMLDivElement>(name: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(name, `${Math.round(element.getBoundingClientRect().height)}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(name);
    };
  }, [name]);
  return ref;
}

// Whether this page load has seen a client-side navigation, so "Go Back" can tell if the previous history
// entry is inside the app (window.history.length also counts other sites and the new-tab page).

let inAppNavigations = 0;

export function recordInAppNavigation(): void {
  inAppNavigations += 1;
}

export function hasInAppHistory(): boolean {
  return inAppNavigations > 0;
}

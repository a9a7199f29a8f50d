import { FLY_DEFAULT_ENABLED, FLY_STORAGE_KEY } from '@vaggen/contract';

/** Spec 001 §2 / §9: the choice is kept as `flyEnabled` in local storage; default off. */
export function readFlyEnabled(): boolean {
  try {
    const v = window.localStorage.getItem(FLY_STORAGE_KEY);
    return v === null ? FLY_DEFAULT_ENABLED : v === 'true';
  } catch {
    return FLY_DEFAULT_ENABLED; // storage disabled: never on
  }
}

export function writeFlyEnabled(on: boolean): void {
  try {
    window.localStorage.setItem(FLY_STORAGE_KEY, String(on));
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

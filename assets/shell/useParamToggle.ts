import { useCallback, useEffect, useState } from "react";

function addressWith(param: string, open: boolean, location: Location = window.location): string {
  const params = new URLSearchParams(location.search);
  if (open) params.set(param, "1");
  else params.delete(param);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;
}

/**
 * Whether a panel that a search parameter opens (any non-empty value) is open. It follows the
 * address, on load and on Back and Forward; opening adds a history entry, closing replaces it.
 */
export function useParamToggle(param: string, initial: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(initial);
  useEffect(() => {
    const follow = () => setOpen(Boolean(new URLSearchParams(window.location.search).get(param)));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [param]);
  const change = useCallback(
    (next: boolean) => {
      if (next) window.history.pushState(window.history.state, "", addressWith(param, true));
      else window.history.replaceState(window.history.state, "", addressWith(param, false));
      setOpen(next);
    },
    [param],
  );
  return [open, change];
}

import type { ReactNode } from "react";
import { readCsrfToken } from "../api/csrf";
import { useSidebarStore } from "../stores/sidebar";

/** Signing out is a real POST to the site's logout address, which returns to the site. */
interface Props {
  action: string;
  className: string;
  children: ReactNode;
}

export function SignOutForm({ action, className, children }: Props) {
  const clearAll = useSidebarStore((state) => state.clearAll);
  return (
    <form method="post" action={action} className="sign-out-form" onSubmit={clearAll}>
      <input type="hidden" name="csrfmiddlewaretoken" value={readCsrfToken()} />
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}

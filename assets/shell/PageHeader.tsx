import type { ReactNode } from "react";
import { Icon } from "./Icon";
import { Link } from "./Link";

interface Props {
  title: string;
  description?: string;
  back?: { href: string; label: string };
  children?: ReactNode;
}

export function PageHeader({ title, description, back, children }: Props) {
  return (
    <header className="page-header">
      {back && (
        <Link href={back.href} className="back-link">
          <Icon name="back" size={16} />
          {back.label}
        </Link>
      )}
      <h1 className="page-header__title">{title}</h1>
      {description && <p className="page-header__description">{description}</p>}
      {children}
    </header>
  );
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="empty-state">
      <Icon name="inbox" size={32} />
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
    </div>
  );
}

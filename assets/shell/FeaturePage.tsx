import type { ReactNode } from "react";
import type { MessageKey } from "../i18n/messages";
import { useT } from "../i18n/useT";
import { EmptyState, PageHeader } from "./PageHeader";

interface Props {
  title: MessageKey;
  description?: MessageKey;
  empty: string;
  back?: { href: string; label: MessageKey };
  children?: ReactNode;
}

/** A workspace page whose tools are not available yet: its header and an honest empty state. */
export function FeaturePage({ title, description, empty, back, children }: Props) {
  const t = useT();
  return (
    <>
      <PageHeader
        title={t(title)}
        description={description && t(description)}
        back={back && { href: back.href, label: t(back.label) }}
      >
        {children}
      </PageHeader>
      <EmptyState title={empty} hint={t("page.emptyHint")} />
    </>
  );
}

/** An importer's or exporter's name that opens its trade profile. */
export function PartyButton({ id, name, onOpen }: { id: number; name: string; onOpen: (partyId: number, name: string) => void }) {
  return (
    <button type="button" className="party-link" aria-haspopup="dialog" onClick={() => onOpen(id, name)}>
      {name}
    </button>
  );
}

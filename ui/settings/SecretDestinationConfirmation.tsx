/**
 * Asked before a save that would send the provider's stored key to a host it did not go to before
 * (the service refused it with `confirmation_required`): the key goes wherever the address points,
 * so the person saving must see where, and say yes.
 */
export function SecretDestinationConfirmation(props: {
  host: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="notice notice-warning" role="alert" data-testid="secret-destination">
      <span>
        Your key will be sent to <strong>{props.host}</strong>. Nothing is saved until you confirm; confirm
        only if you trust that address with the key.
      </span>
      <span className="toolbar">
        <button type="button" className="button-primary" onClick={props.onConfirm} disabled={props.busy}>
          Confirm and save
        </button>
        <button type="button" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
      </span>
    </div>
  );
}

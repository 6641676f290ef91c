import { PROFILE_FIELD_LABELS, profileValueText, type FieldChange } from './event-values';

/** A profile change, field by field, before and after, in the words the member's pages use. */
export function ProfileChanges({ changes }: { changes: readonly FieldChange[] }) {
  if (changes.length === 0) return null;
  return (
    <table className="staff-changes">
      <thead>
        <tr>
          <th scope="col">Campo</th>
          <th scope="col">Antes</th>
          <th scope="col">Después</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.field}>
            <th scope="row">{PROFILE_FIELD_LABELS[change.field] ?? change.field}</th>
            <td>{profileValueText(change.field, change.before)}</td>
            <td>{profileValueText(change.field, change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

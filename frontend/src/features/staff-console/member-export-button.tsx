import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { Download } from 'lucide-react';
import { downloadCsv } from './download-csv';

/**
 * Downloads the same zip as the member's "Descargar mis datos" (#21), for a request received at
 * the desk or in the queue; a failure shows beside the button.
 */
export function MemberExportButton({ userId, name, label = 'Descargar', size }: { userId: string; name: string; label?: string; size?: 'sm' }) {
  const [exporting, setExporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const exportData = async () => {
    setFailure(null);
    setExporting(true);
    try {
      await downloadCsv(`/api/staff/members/${encodeURIComponent(userId)}/export`, {}, 'pulso-datos-miembro.zip');
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : 'No se pudo descargar el archivo.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <span className="staff-export">
      <Button size={size} variant="outline-primary" onClick={() => void exportData()} disabled={exporting} aria-label={`${label} los datos de ${name}`}>
        <Download size={size === 'sm' ? 14 : 16} aria-hidden="true" /> {exporting ? 'Preparando...' : label}
      </Button>
      {failure ? (
        <span className="text-danger small d-block mt-1" role="alert">
          {failure}
        </span>
      ) : null}
    </span>
  );
}

import { useState } from 'react';
import { Download } from 'lucide-react';
import { useLazyGetHeartRateReadingsQuery } from '../api/api';
import { encodeFitFile, fitFileName, type FitSessionFacts } from '../heart-rate/fit-file';
import './fit-download-button.css';

export interface FitDownloadButtonProps extends FitSessionFacts {
  completionId: string;
  className?: string;
}

/** "Descargar .fit": the session's readings as a file Garmin Connect and Strava import (ADR 0141). */
export function FitDownloadButton({ completionId, className, ...facts }: FitDownloadButtonProps) {
  const [getReadings] = useLazyGetHeartRateReadingsQuery();
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');

  const download = async () => {
    setState('working');
    try {
      const readings = await getReadings({ completionId }).unwrap();
      const bytes = await encodeFitFile(readings, facts);
      const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/vnd.ant.fit' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: fitFileName(readings.completedAt) });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <span className={className}>
      <button type="button" className="hr-fit-download" onClick={() => void download()} disabled={state === 'working'}>
        <Download size={16} aria-hidden="true" /> {state === 'working' ? 'Preparando archivo…' : 'Descargar .fit'}
      </button>
      {state === 'failed' && (
        <span className="hr-fit-download__error" role="alert">
          No pudimos preparar el archivo. Revisa tu conexión e inténtalo otra vez.
        </span>
      )}
    </span>
  );
}

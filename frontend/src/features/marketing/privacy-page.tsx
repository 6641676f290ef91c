import { useRuntimeConfig } from '../../shared/config/runtime-config';
import { PRIVACY_NOTICE_VERSION } from '../../shared/lib/privacy-notices';
import { PageMeta } from '../../shared/ui/page-meta';
import { PageHero } from './page-hero';

const KEPT: { what: string; why: string; howLong: string }[] = [
  {
    what: 'Nombre, apellido y correo de tu cuenta',
    why: 'Identificarte, darte acceso a la plataforma y escribirte sobre tu cuenta.',
    howLong: 'Mientras tengas tu cuenta; al pedir su cancelación los borramos.',
  },
  {
    what: 'Fecha de nacimiento, estatura, peso, género, nivel y objetivos',
    why: 'Ajustar tu plan, calcular tus zonas de frecuencia cardiaca y tus calorías. Son datos de salud: solo con tu consentimiento expreso.',
    howLong: 'Mientras mantengas tu consentimiento; al retirarlo los quitamos de tu perfil.',
  },
  {
    what: 'Frecuencia cardiaca de tus sesiones (con sensor)',
    why: 'Mostrarte tus zonas, Puntos Pulso y el resumen de cada sesión. Dato sensible: solo con tu consentimiento expreso.',
    howLong: 'Hasta que la borres desde tu perfil o canceles tu cuenta. Al retirar el consentimiento dejamos de registrarla.',
  },
  {
    what: 'Historial de entrenamientos, planes, retos, calendario y temporizadores',
    why: 'Llevar tu progreso, tus rachas y tus logros.',
    howLong: 'Mientras tengas tu cuenta.',
  },
  {
    what: 'Datos de la reserva de clase gratis (nombre, DUI, correo, teléfono)',
    why: 'Confirmar tu clase y recibirte en el estudio.',
    howLong: '12 meses desde la reserva; después se borran automáticamente.',
  },
  {
    what: 'Preferencias de correo y consentimientos',
    why: 'Enviarte solo los correos que aceptas y demostrar lo que aceptaste y cuándo.',
    howLong: 'Mientras tengas tu cuenta.',
  },
];

const RIGHTS: [string, string][] = [
  ['Acceso', 'saber qué datos tuyos guardamos, para qué y de dónde vienen.'],
  ['Rectificación', 'corregir un dato equivocado o incompleto.'],
  ['Cancelación o supresión', 'que borremos tus datos y cerremos tu cuenta.'],
  ['Oposición', 'que dejemos de usar tus datos para un fin determinado.'],
  ['Portabilidad', 'recibir tus datos en un formato que otro servicio pueda leer (JSON y CSV).'],
];

/** /privacidad: what the studio keeps, why, how long, and how to exercise the rights of Decreto 144. */
export function PrivacyPage() {
  const { config } = useRuntimeConfig();
  const email = config?.contact.email;
  return (
    <main className="privacy-page">
      <PageMeta
        title="Aviso de privacidad"
        description="Qué datos guarda Pulso, para qué, por cuánto tiempo y cómo ejercer tus derechos de acceso, rectificación, cancelación, oposición y portabilidad."
      />
      <PageHero eyebrow="Tus datos" title="Aviso de privacidad">
        Cómo cuidamos tus datos según la Ley para la Protección de Datos Personales de El Salvador (Decreto 144). Versión {PRIVACY_NOTICE_VERSION}.
      </PageHero>
      <section className="section">
        <div className="container privacy-page__body">
          <h2>Quién es responsable</h2>
          <p>
            Pulso Heart Rate Studio, Santa Tecla, La Libertad, El Salvador, es responsable del tratamiento de tus datos personales en este sitio, en la
            plataforma de miembros y en el estudio.
          </p>

          <h2>Qué guardamos, para qué y por cuánto tiempo</h2>
          <ul className="privacy-page__kept">
            {KEPT.map((row) => (
              <li key={row.what}>
                <h3>{row.what}</h3>
                <dl>
                  <dt>Para qué</dt>
                  <dd>{row.why}</dd>
                  <dt>Por cuánto tiempo</dt>
                  <dd>{row.howLong}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <p>
            No vendemos tus datos ni los usamos para publicidad de terceros. Los guardamos en servidores con acceso restringido al personal del estudio, que
            entra con verificación en dos pasos.
          </p>

          <h2>Tus consentimientos</h2>
          <p>
            Al crear tu cuenta aceptas este aviso. Los datos de salud y la frecuencia cardiaca necesitan además tu consentimiento expreso, que das al
            ingresarlos. En tu perfil, en <strong>Privacidad y consentimientos</strong>, ves qué aceptaste, con qué versión del aviso y cuándo, y puedes retirar
            cada consentimiento cuando quieras: desde ese momento dejamos de tratar esos datos.
          </p>

          <h2>Tus derechos</h2>
          <ul>
            {RIGHTS.map(([right, meaning]) => (
              <li key={right}>
                <strong>{right}:</strong> {meaning}
              </li>
            ))}
          </ul>

          <h2>Cómo ejercerlos</h2>
          <ol>
            <li>
              Desde tu perfil en la plataforma, en <strong>Privacidad y consentimientos</strong>: elige el derecho y envía tu solicitud. Ahí mismo ves su
              estado.
            </li>
            <li>
              <strong>Descargar mis datos</strong>, en el mismo lugar, te entrega al instante un archivo con todo lo que guardamos sobre ti.
            </li>
            <li>En recepción del estudio o por correo{email ? ` a ${email}` : ''}, identificándote como titular de la cuenta.</li>
          </ol>
          <p>
            Te respondemos en un plazo máximo de <strong>20 días hábiles</strong> (sin contar fines de semana ni feriados), prorrogable una sola vez por otros
            20 días hábiles cuando la solicitud lo requiera; si lo prorrogamos, te lo decimos antes de que venza el primer plazo. Si no quedas conforme, puedes
            acudir a la autoridad de protección de datos personales de El Salvador.
          </p>

          <h2>Contacto</h2>
          <p>
            Para cualquier pregunta sobre tus datos escríbenos
            {email ? (
              <>
                {' '}
                a <a href={`mailto:${email}`}>{email}</a>
              </>
            ) : null}{' '}
            o visítanos en el estudio, en Santa Tecla. Si cambiamos este aviso, publicaremos la nueva versión aquí y te pediremos aceptarla desde tu perfil.
          </p>
        </div>
      </section>
    </main>
  );
}

import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form, Spinner } from 'react-bootstrap';
import { CreditCard, Snowflake, Sun, Ticket } from 'lucide-react';
import {
  useConfirmMembershipPurchaseMutation,
  useFreezeMembershipMutation,
  useGetMembershipPlansQuery,
  useGetStaffMembershipQuery,
  useRecordMembershipSaleMutation,
  useUnfreezeMembershipMutation,
} from '../../shared/api/api';
import type { MembershipPlanDto, RecordMembershipSaleDto } from '../../shared/api/generated-api';
import { newIdempotencyKey } from '../../shared/api/idempotency-key';
import { classesLabel, MEMBERSHIP_STATUS_LABELS, validityLabel } from '../../shared/lib/membership-format';
import { studioDateOf } from '../../shared/lib/studio-calendar';
import { errorText } from './format';

type Channel = 'desk' | 'payment-link';
type Method = RecordMembershipSaleDto['paymentMethod'];

const METHODS: { value: Method; label: string }[] = [
  { value: 'efectivo', label: 'Efectivo' },
  { value: 'tarjeta', label: 'Tarjeta' },
  { value: 'transferencia', label: 'Transferencia' },
];

const STATUS_VARIANT = { active: 'success', frozen: 'info', expired: 'secondary' } as const;

function price(plan: MembershipPlanDto, billing: 'one-time' | 'recurring'): number {
  return billing === 'recurring' && plan.recurringPriceUsd !== null ? plan.recurringPriceUsd : plan.oneTimePriceUsd;
}

function planSummary(plan: MembershipPlanDto): string {
  const classes = plan.classesPerPerson === null ? 'ilimitadas' : plan.classesPerPerson === 0 ? 'sin clases' : `${plan.classesPerPerson} clases`;
  const people = plan.people > 1 ? ` por persona, ${plan.people} personas` : '';
  return `${plan.title} · ${classes}${people} · ${plan.validity}`;
}

/** Membresía on a member's page: what they have now, freeze / unfreeze, and the desk's sale or payment-link confirmation. */
export function MembershipPanel({ userId }: { userId: string }) {
  const current = useGetStaffMembershipQuery({ userId });
  const plans = useGetMembershipPlansQuery();
  const [freeze, freezing] = useFreezeMembershipMutation();
  const [unfreeze, unfreezing] = useUnfreezeMembershipMutation();
  const [holdError, setHoldError] = useState<string | null>(null);
  const membership = current.data?.membership ?? null;
  const today = studioDateOf(new Date());

  const toggleFreeze = async () => {
    setHoldError(null);
    try {
      const args = { userId, 'idempotency-key': newIdempotencyKey() };
      await (membership?.status === 'frozen' ? unfreeze(args) : freeze(args)).unwrap();
    } catch (caught) {
      setHoldError(errorText(caught));
    }
  };

  return (
    <Card as="section" className="staff-card staff-membership" aria-labelledby="member-membership-title">
      <Card.Body>
        <h2 id="member-membership-title" className="staff-card__title">
          <Ticket size={18} aria-hidden="true" /> Membresía
        </h2>
        {current.error ? <Alert variant="danger">{errorText(current.error)}</Alert> : null}
        {current.isLoading ? <Spinner animation="border" size="sm" role="status" aria-label="Cargando membresía" /> : null}
        {current.data && !membership ? <p className="staff-empty">Sin membresía todavía.</p> : null}
        {membership ? (
          <div className="staff-membership__now">
            <p className="staff-membership__plan">
              <strong>{membership.planTitle}</strong> <Badge bg={STATUS_VARIANT[membership.status]}>{MEMBERSHIP_STATUS_LABELS[membership.status]}</Badge>
              {!membership.holder ? <span className="staff-muted"> · la comparte un plan de pareja o familia</span> : null}
            </p>
            {membership.status !== 'expired' ? <p className="mb-1">{classesLabel(membership)}</p> : null}
            <p className="staff-muted mb-2">{validityLabel(membership, today)}</p>
            {membership.holder && membership.status !== 'expired' ? (
              <Button variant="outline-primary" className="staff-membership__hold" onClick={toggleFreeze} disabled={freezing.isLoading || unfreezing.isLoading}>
                {membership.status === 'frozen' ? (
                  <>
                    <Sun size={15} aria-hidden="true" /> Descongelar
                  </>
                ) : (
                  <>
                    <Snowflake size={15} aria-hidden="true" /> Congelar
                  </>
                )}
              </Button>
            ) : null}
            {holdError ? (
              <p className="small text-danger mt-2 mb-0" role="alert">
                {holdError}
              </p>
            ) : null}
          </div>
        ) : null}
        {plans.data ? <SaleForm userId={userId} plans={plans.data.plans} /> : null}
        <p className="staff-muted small mt-3 mb-0">
          Id de este miembro, para compartirle un plan de pareja o familia: <code className="staff-membership__id">{userId}</code>
        </p>
      </Card.Body>
    </Card>
  );
}

function SaleForm({ userId, plans }: { userId: string; plans: MembershipPlanDto[] }) {
  const [recordSale, sale] = useRecordMembershipSaleMutation();
  const [confirmPurchase, confirmation] = useConfirmMembershipPurchaseMutation();
  const [channel, setChannel] = useState<Channel>('desk');
  const [planId, setPlanId] = useState(plans.find((plan) => plan.id === 'four-classes')?.id ?? plans[0]!.id);
  const [billing, setBilling] = useState<'one-time' | 'recurring'>('one-time');
  const [method, setMethod] = useState<Method>('efectivo');
  const [reference, setReference] = useState('');
  const [partners, setPartners] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  // One key per filled-in sale: a double click or a resent request records it once.
  const [key, setKey] = useState(newIdempotencyKey);
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0]!;
  const trial = plan.oneTimePriceUsd === 0;
  const others = plan.people - 1;
  const shown = useMemo(() => Array.from({ length: others }, (_, index) => partners[index] ?? ''), [others, partners]);
  const busy = sale.isLoading || confirmation.isLoading;
  const offered = channel === 'payment-link' ? plans.filter((candidate) => candidate.oneTimePriceUsd > 0) : plans;

  const change = (update: () => void) => {
    update();
    setOutcome(null);
    setKey(newIdempotencyKey());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const sharedWith = shown.map((id) => id.trim()).filter(Boolean);
    try {
      const result =
        channel === 'desk'
          ? await recordSale({
              userId,
              'idempotency-key': key,
              recordMembershipSaleDto: {
                planId: plan.id as RecordMembershipSaleDto['planId'],
                billing,
                paymentMethod: trial ? 'cortesia' : method,
                ...(trial ? {} : { reference: reference.trim() }),
                ...(others > 0 ? { sharedWith } : {}),
              },
            }).unwrap()
          : await confirmPurchase({
              userId,
              'idempotency-key': key,
              confirmMembershipPurchaseDto: {
                planId: plan.id as RecordMembershipSaleDto['planId'],
                billing,
                reference: reference.trim(),
                ...(others > 0 ? { sharedWith } : {}),
              },
            }).unwrap();
      setReference('');
      setKey(newIdempotencyKey());
      const until = result.membership ? validityLabel(result.membership, studioDateOf(new Date())).toLowerCase() : '';
      setOutcome({
        ok: true,
        text: `${channel === 'desk' ? 'Venta registrada' : 'Compra confirmada'}: ${plan.title}, ${until}. Le enviamos el recibo por correo.`,
      });
    } catch (caught) {
      setOutcome({ ok: false, text: errorText(caught) });
    }
  };

  return (
    <Form className="staff-membership__form" onSubmit={submit} aria-labelledby="membership-sale-title">
      <h3 id="membership-sale-title" className="h6 mt-3">
        <CreditCard size={16} aria-hidden="true" /> Registrar una venta
      </h3>
      <div className="staff-membership__channel" role="radiogroup" aria-label="Cómo pagó">
        <Form.Check
          type="radio"
          id="membership-channel-desk"
          name="membership-channel"
          label="Pagó en recepción"
          checked={channel === 'desk'}
          onChange={() => change(() => setChannel('desk'))}
        />
        <Form.Check
          type="radio"
          id="membership-channel-link"
          name="membership-channel"
          label="Compró con el enlace de pago"
          checked={channel === 'payment-link'}
          onChange={() =>
            change(() => {
              setChannel('payment-link');
              if (trial) setPlanId(plans.find((candidate) => candidate.oneTimePriceUsd > 0)!.id);
            })
          }
        />
      </div>
      <Form.Group controlId="membership-plan">
        <Form.Label>Plan</Form.Label>
        <Form.Select value={plan.id} onChange={(event) => change(() => setPlanId(event.target.value))}>
          {offered.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {planSummary(candidate)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {plan.recurringPriceUsd !== null ? (
        <Form.Group controlId="membership-billing">
          <Form.Label>Modalidad</Form.Label>
          <Form.Select value={billing} onChange={(event) => change(() => setBilling(event.target.value as 'one-time' | 'recurring'))}>
            <option value="one-time">Pago único · ${plan.oneTimePriceUsd}</option>
            <option value="recurring">Renovación automática · ${plan.recurringPriceUsd}</option>
          </Form.Select>
        </Form.Group>
      ) : null}
      {channel === 'desk' && !trial ? (
        <Form.Group controlId="membership-method">
          <Form.Label>Método de pago</Form.Label>
          <Form.Select value={method} onChange={(event) => change(() => setMethod(event.target.value as Method))}>
            {METHODS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ) : null}
      {!trial || channel === 'payment-link' ? (
        <Form.Group controlId="membership-reference">
          <Form.Label>{channel === 'desk' ? 'Referencia (recibo, autorización o transferencia)' : 'Referencia del pago en línea'}</Form.Label>
          <Form.Control value={reference} maxLength={80} required onChange={(event) => change(() => setReference(event.target.value))} />
        </Form.Group>
      ) : (
        <p className="staff-muted small mb-2">La prueba de 7 días es una cortesía: no lleva pago ni referencia, y solo se da una vez.</p>
      )}
      {shown.map((value, index) => (
        <Form.Group key={index} controlId={`membership-partner-${index}`}>
          <Form.Label>Comparte con (id del miembro {index + 2})</Form.Label>
          <Form.Control
            value={value}
            required
            maxLength={200}
            placeholder="Cópialo de la página del miembro"
            onChange={(event) =>
              change(() => {
                const next = [...shown];
                next[index] = event.target.value;
                setPartners(next);
              })
            }
          />
        </Form.Group>
      ))}
      <div className="staff-membership__submit">
        <span className="staff-membership__total">
          Total: <strong>${price(plan, billing)}</strong>
        </span>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Registrando...' : channel === 'desk' ? 'Registrar venta' : 'Confirmar compra'}
        </Button>
      </div>
      {outcome ? (
        <p className={`small mt-2 mb-0 ${outcome.ok ? 'text-success' : 'text-danger'}`} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      ) : null}
    </Form>
  );
}

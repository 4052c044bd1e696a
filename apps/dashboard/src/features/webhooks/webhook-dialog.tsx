import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@floow/domain/events";
import { createId, TEXT_LIMITS } from "@floow/domain/shared";
import {
  WEBHOOK_DEFAULT_EVENTS,
  WEBHOOK_METHODS,
  webhookInputSchema,
  type WebhookDetails,
  type WebhookInput,
} from "@floow/domain/webhook";
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Label,
  PlusIcon,
  Select,
  TrashIcon,
} from "@floow/ui";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { EVENT_TYPE_LABELS } from "../inspect/event-summary";
import { liveValidationFormOptions, useLiveValidation } from "../forms/use-live-validation";

type HeaderRow = { id: string; name: string; value: string };

const toRows = (headers: Record<string, string>): HeaderRow[] =>
  Object.entries(headers).map(([name, value]) => ({ id: createId(), name, value }));

function formValues(domainId: string, webhook: WebhookDetails | null): WebhookInput {
  return webhook
    ? {
        id: webhook.id,
        domainId: webhook.domainId,
        floowId: webhook.floowId,
        name: webhook.name,
        url: webhook.url,
        headers: webhook.headers,
        method: webhook.method,
        status: webhook.status,
        events: webhook.events,
      }
    : {
        id: createId(),
        domainId,
        floowId: null,
        name: "",
        url: "",
        headers: {},
        method: "POST",
        status: "active",
        events: [...WEBHOOK_DEFAULT_EVENTS],
      };
}

/**
 * The Webhook dialog (spec section 2): name, URL, method (POST), status (active), the event
 * types to send (finish and form), extra headers, and one floow or every floow of the
 * domain. `onSave` answers whether it was saved (a failure keeps what was typed).
 */
export function WebhookDialog({
  open,
  onOpenChange,
  domainId,
  webhook,
  floows,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  domainId: string;
  /** The webhook to edit; null adds one. */
  webhook: WebhookDetails | null;
  floows: readonly { id: string; name: string }[];
  onSave: (input: WebhookInput) => Promise<boolean>;
}) {
  const form = useForm<WebhookInput>({
    resolver: zodResolver(webhookInputSchema) as Resolver<WebhookInput>,
    defaultValues: formValues(domainId, webhook),
    ...liveValidationFormOptions,
  });
  const { register } = useLiveValidation(form);
  const [rows, setRows] = useState<HeaderRow[]>([]);
  const { errors, isSubmitting } = form.formState;
  const events = form.watch("events");

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    const values = formValues(domainId, webhook);
    reset(values);
    setRows(toRows(values.headers));
  }, [open, reset, domainId, webhook]);

  const setHeaderRows = (next: HeaderRow[]) => {
    setRows(next);
    const headers: Record<string, string> = {};
    for (const row of next) if (row.name.trim() !== "") headers[row.name.trim()] = row.value;
    form.setValue("headers", headers);
  };
  const toggleEvent = (type: WebhookEventType, on: boolean) => {
    const next = WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : events.includes(t)));
    form.setValue("events", next, { shouldValidate: true });
  };
  const headerErrors = (errors.headers ?? {}) as Record<string, { message?: string } | undefined>;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await onSave(values)) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{webhook ? "Edit Webhook" : "Add Webhook"}</DialogTitle>
          <DialogDescription>
            Floow sends the events you pick to this URL, signed with the webhook's secret (Standard
            Webhooks), and retries until your endpoint answers 2xx.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-label="Webhook">
          <Field label="Name" error={errors.name?.message}>
            <Input
              placeholder="CRM"
              autoComplete="off"
              autoFocus
              maxLength={TEXT_LIMITS.name}
              {...register("name")}
            />
          </Field>
          <Field
            label="URL"
            error={errors.url?.message}
            description="Where Floow sends the events: an https address of your server."
          >
            <Input
              placeholder="https://example.com/webhooks/floow"
              inputMode="url"
              autoComplete="off"
              maxLength={TEXT_LIMITS.url}
              {...register("url")}
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label="Method">
              <Select {...register("method")}>
                {WEBHOOK_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {method}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Status">
              <Select {...register("status")}>
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </Select>
            </Field>
          </div>
          <Field
            label="Floow"
            description="Events of this floow only, or of every floow of the domain."
          >
            <Select
              value={form.watch("floowId") ?? ""}
              onChange={(event) =>
                form.setValue("floowId", event.target.value === "" ? null : event.target.value)
              }
            >
              <option value="">All floows of this domain</option>
              {floows.map((floow) => (
                <option key={floow.id} value={floow.id}>
                  {floow.name || "Untitled floow"}
                </option>
              ))}
            </Select>
          </Field>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-grey-800">Events to send</legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-grey-800">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-grey-300 accent-primary-600"
                    checked={events.includes(type)}
                    onChange={(event) => toggleEvent(type, event.target.checked)}
                  />
                  {EVENT_TYPE_LABELS[type]}
                </label>
              ))}
            </div>
            {errors.events?.message ? (
              <p role="alert" className="text-sm text-red-600">
                {errors.events.message}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label>Headers</Label>
            {rows.length === 0 ? (
              <p className="text-sm text-grey-500">
                No extra headers. Add one to send a token your endpoint checks.
              </p>
            ) : null}
            {rows.map((row, index) => {
              const error = headerErrors[row.name.trim()]?.message;
              return (
                <div key={row.id} className="flex flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <Input
                      aria-label={`Header ${index + 1} name`}
                      maxLength={TEXT_LIMITS.key}
                      placeholder="Authorization"
                      value={row.name}
                      aria-invalid={error ? true : undefined}
                      onChange={(event) =>
                        setHeaderRows(
                          rows.map((r) =>
                            r.id === row.id ? { ...r, name: event.target.value } : r,
                          ),
                        )
                      }
                    />
                    <Input
                      aria-label={`Header ${index + 1} value`}
                      maxLength={TEXT_LIMITS.headerValue}
                      placeholder="Bearer …"
                      value={row.value}
                      onChange={(event) =>
                        setHeaderRows(
                          rows.map((r) =>
                            r.id === row.id ? { ...r, value: event.target.value } : r,
                          ),
                        )
                      }
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove header ${index + 1}`}
                      onClick={() => setHeaderRows(rows.filter((r) => r.id !== row.id))}
                    >
                      <TrashIcon size={15} />
                    </Button>
                  </div>
                  {error ? <p className="text-sm text-red-600">{error}</p> : null}
                </div>
              );
            })}
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setHeaderRows([...rows, { id: createId(), name: "", value: "" }])}
              >
                <PlusIcon size={15} />
                Add header
              </Button>
            </div>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Save Webhook
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

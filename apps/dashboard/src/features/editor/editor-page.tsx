import type { Domain } from "@floow/domain/domain";
import type { VersionedFloow } from "@floow/domain/floow";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC, useTRPCClient } from "../../lib/trpc";
import { EditorWorkspace } from "./editor-workspace";
import { createEditorApi } from "./editor-api";
import { EditorProvider } from "./editor-context";
import { OnboardingBridge } from "./onboarding-bridge";
import "./editor.css";

/**
 * The editor for one loaded floow; keyed by floow id so another floow starts fresh. With
 * `publish` it opens on the launch phase with the publish dialog open.
 */
export function EditorPage({
  floow,
  domain,
  publish = false,
}: {
  floow: VersionedFloow;
  domain: Domain | null;
  publish?: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const api = useMemo(
    () => createEditorApi(client, queryClient, trpc),
    [client, queryClient, trpc],
  );
  return (
    <EditorProvider
      key={floow.id}
      initial={floow}
      domain={domain}
      api={api}
      {...(publish && { initialUi: { phase: "launch" as const } })}
    >
      <EditorWorkspace reviewOnLaunch={publish} />
      <OnboardingBridge />
    </EditorProvider>
  );
}

/**
 * The flow view: start → steps → finish as a graph, with each step's choices and the
 * conditions between them as labelled edges leaving the choice they test. Laid out as one
 * column in step order (the order visitors meet them); condition edges run along the side.
 * The "filters" view adds each choice's product filters; "conditions" lists the rules.
 */
import { FINISH } from "@floow/domain/floow";
import type { EditorFlowView } from "../state";
import type { Floow, Step } from "@floow/domain/floow";
import { cn } from "@floow/ui";
import {
  Background,
  BackgroundVariant,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  useReactFlow,
  type Edge,
  type Node,
  type BuiltInEdge,
  type NodeProps,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { memo, useEffect, useMemo } from "react";
import { useEditor } from "../editor-context";
import { MatchCountBadge, useInsights } from "../insights";
import { FilterIcon, FlagIcon, plainText, PlayIcon } from "../shared";

type StepNodeData = {
  step: Step;
  index: number;
  selected: boolean;
  view: EditorFlowView;
  filterCounts: Record<string, number>;
  /** Handles that carry a condition edge (the others stay out of sight). */
  linked: ReadonlySet<string>;
};
type EndNodeData = {
  kind: "start" | "finish";
  label: string;
  hint: string;
  selected: boolean;
  sideLinked?: boolean;
};
type StepNode = Node<StepNodeData, "step">;
type EndNode = Node<EndNodeData, "end">;

const NODE_WIDTH = 280;
const GAP_Y = 72;

function stepHeight(step: Step): number {
  const rows = step.type === "form" ? step.formInputs.length : step.choices.length;
  return 76 + Math.max(rows, 0) * 30;
}

/** Nodes and edges of a floow (exported for tests). */
export function buildGraph(
  floow: Floow,
  options: {
    selectedStepId: string | null;
    finishOpen: boolean;
    startOpen: boolean;
    view: EditorFlowView;
  },
) {
  const nodes: (StepNode | EndNode)[] = [];
  const edges: (Edge | BuiltInEdge)[] = [];
  const filterCounts: Record<string, number> = {};
  for (const group of floow.filterGroups) {
    if (!group.choiceId) continue;
    filterCounts[group.choiceId] =
      (filterCounts[group.choiceId] ?? 0) +
      floow.filters.filter((f) => f.filterGroupId === group.id).length;
  }

  // Which handles conditions use: choice sources and side targets.
  const linked = new Set<string>();
  for (const step of floow.steps) {
    for (const condition of step.conditions) {
      if (condition.consequence !== "goToStep" && condition.consequence !== "goToFinish") continue;
      if (condition.conditionChoiceId && condition.condition !== "always")
        linked.add(`choice-${condition.conditionChoiceId}`);
      linked.add(
        `side-in-${condition.consequence === "goToFinish" ? FINISH : condition.consequenceStepId}`,
      );
    }
  }

  let y = 0;
  nodes.push({
    id: "start",
    type: "end",
    position: { x: NODE_WIDTH / 2 - 80, y },
    data: {
      kind: "start",
      label: "Start",
      hint: floow.start.type === "none" ? "First question" : "Start page",
      selected: options.startOpen,
    },
    draggable: false,
  });
  y += 56 + GAP_Y;
  floow.steps.forEach((step, index) => {
    nodes.push({
      id: step.id,
      type: "step",
      position: { x: 0, y },
      data: {
        step,
        index,
        selected: options.selectedStepId === step.id,
        view: options.view,
        filterCounts,
        linked,
      },
      draggable: false,
    });
    y += stepHeight(step) + GAP_Y;
  });
  nodes.push({
    id: FINISH,
    type: "end",
    position: { x: NODE_WIDTH / 2 - 80, y },
    data: {
      kind: "finish",
      label: "Finish",
      hint: floow.finish.type === "results" ? "Product results" : "Message",
      selected: options.finishOpen,
      sideLinked: linked.has(`side-in-${FINISH}`),
    },
    draggable: false,
  });

  // The default path: each step to the next, in order.
  const order = ["start", ...floow.steps.map((s) => s.id), FINISH];
  for (let i = 0; i < order.length - 1; i++) {
    edges.push({
      id: `next-${order[i]}`,
      source: order[i] as string,
      target: order[i + 1] as string,
      sourceHandle: "out",
      targetHandle: "in",
      type: "smoothstep",
      style: { stroke: "var(--color-grey-300)", strokeWidth: 1.5 },
      markerEnd: {
        type: MarkerType.ArrowClosed,
        color: "var(--color-grey-300)",
        width: 16,
        height: 16,
      },
    });
  }

  // Conditions: from the tested choice (or the step) to the step or finish they lead to.
  for (const step of floow.steps) {
    for (const condition of step.conditions) {
      if (condition.consequence !== "goToStep" && condition.consequence !== "goToFinish") continue;
      const target = condition.consequence === "goToFinish" ? FINISH : condition.consequenceStepId;
      if (
        !target ||
        target === step.id ||
        (target !== FINISH && !floow.steps.some((s) => s.id === target))
      )
        continue;
      const choice = step.choices.find((c) => c.id === condition.conditionChoiceId);
      const choiceText = plainText(choice?.text ?? "") || "a choice";
      const label =
        condition.condition === "always"
          ? "Always"
          : condition.condition === "selected"
            ? `If “${truncate(choiceText)}”`
            : `If not “${truncate(choiceText)}”`;
      const edge: BuiltInEdge = {
        id: `condition-${condition.id}`,
        source: step.id,
        target,
        sourceHandle: choice && condition.condition !== "always" ? `choice-${choice.id}` : "side",
        targetHandle: "side-in",
        type: "smoothstep",
        label,
        animated: options.view === "conditions",
        labelStyle: { fontSize: 11, fontWeight: 600, fill: "var(--color-primary-800)" },
        labelBgStyle: { fill: "var(--color-primary-50)", stroke: "var(--color-primary-200)" },
        labelBgPadding: [6, 3],
        labelBgBorderRadius: 6,
        pathOptions: { offset: 28, borderRadius: 14 },
        style: { stroke: "var(--color-primary-500)", strokeWidth: 2 },
        markerEnd: {
          type: MarkerType.ArrowClosed,
          color: "var(--color-primary-500)",
          width: 16,
          height: 16,
        },
        data: { conditionId: condition.id },
      };
      edges.push(edge);
    }
  }
  return { nodes, edges };
}

function truncate(text: string, max = 24): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const StepNodeView = memo(function StepNodeView({ data }: NodeProps<StepNode>) {
  const { step, index, selected, view, filterCounts, linked } = data;
  const { deadChoiceIds } = useInsights();
  const title = plainText(step.text) || "Untitled question";
  return (
    <div
      data-testid="flow-step"
      className={cn(
        "w-[280px] rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-md",
        selected ? "border-primary-400 ring-2 ring-primary-200" : "border-grey-200",
      )}
    >
      <Handle
        id="in"
        type="target"
        position={Position.Top}
        className="!size-2 !border-0 !bg-grey-300"
      />
      <Handle
        id="side-in"
        type="target"
        position={Position.Right}
        className={cn(
          "!top-7 !size-2 !border-0 !bg-primary-500",
          !linked.has(`side-in-${step.id}`) && "!opacity-0",
        )}
      />
      <div className="flex items-start gap-2.5 px-3.5 pt-3 pb-2.5">
        <span
          className={cn(
            "flex size-6 shrink-0 items-center justify-center rounded-md text-xs font-semibold",
            selected ? "bg-primary-600 text-white" : "bg-grey-100 text-grey-700",
          )}
        >
          {index + 1}
        </span>
        <span className="line-clamp-2 text-sm leading-snug font-semibold text-grey-900">
          {title}
        </span>
      </div>
      <ul className="flex flex-col gap-1 px-3 pb-3">
        {step.type === "form"
          ? step.formInputs.map((input) => (
              <li
                key={input.id}
                className="flex h-[26px] items-center justify-between rounded-lg bg-grey-50 px-2.5 text-xs text-grey-700"
              >
                {input.label || "Untitled input"}
                <span className="text-grey-600">{input.type}</span>
              </li>
            ))
          : step.choices.map((choice, i) => (
              <li
                key={choice.id}
                data-dead-end={deadChoiceIds.has(choice.id) || undefined}
                title={
                  deadChoiceIds.has(choice.id)
                    ? "Dead end: a path of answers ending here finds no product"
                    : undefined
                }
                className={cn(
                  "relative flex h-[26px] items-center justify-between gap-2 rounded-lg px-2.5 text-xs",
                  deadChoiceIds.has(choice.id)
                    ? "bg-red-50 text-red-800 ring-1 ring-red-200"
                    : "bg-grey-50 text-grey-700",
                )}
              >
                <span className="flex min-w-0 items-center gap-1.5">
                  {deadChoiceIds.has(choice.id) ? (
                    <span
                      aria-hidden="true"
                      className="size-1.5 shrink-0 rounded-full bg-red-500"
                    />
                  ) : null}
                  <span className="truncate">{plainText(choice.text) || `Choice ${i + 1}`}</span>
                </span>
                <span className="flex shrink-0 items-center gap-1">
                  {view === "filters" && filterCounts[choice.id] ? (
                    <span className="inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 text-[10px] font-medium text-sky-700">
                      <FilterIcon size={10} />
                      {filterCounts[choice.id]}
                    </span>
                  ) : null}
                  {view === "filters" ? <MatchCountBadge choiceId={choice.id} compact /> : null}
                </span>
                <Handle
                  id={`choice-${choice.id}`}
                  type="source"
                  position={Position.Right}
                  className={cn(
                    "!-right-3 !size-2 !border-0 !bg-primary-500",
                    !linked.has(`choice-${choice.id}`) && "!opacity-0",
                  )}
                />
              </li>
            ))}
        {step.type !== "form" && step.choices.length === 0 ? (
          <li className="px-1 text-xs text-grey-400">No choices</li>
        ) : null}
      </ul>
      <Handle
        id="side"
        type="source"
        position={Position.Right}
        className="!top-7 !size-0 !border-0 !opacity-0"
      />
      <Handle
        id="out"
        type="source"
        position={Position.Bottom}
        className="!size-2 !border-0 !bg-grey-300"
      />
    </div>
  );
});

const EndNodeView = memo(function EndNodeView({ data }: NodeProps<EndNode>) {
  return (
    <div
      data-testid={`flow-${data.kind}`}
      className={cn(
        "flex w-40 items-center gap-2.5 rounded-full border bg-white px-3 py-2.5 shadow-sm",
        data.selected ? "border-primary-400 ring-2 ring-primary-200" : "border-grey-200",
      )}
    >
      {data.kind === "finish" ? (
        <Handle
          id="in"
          type="target"
          position={Position.Top}
          className="!size-2 !border-0 !bg-grey-300"
        />
      ) : null}
      {data.kind === "finish" ? (
        <Handle
          id="side-in"
          type="target"
          position={Position.Right}
          className={cn("!size-2 !border-0 !bg-primary-500", !data.sideLinked && "!opacity-0")}
        />
      ) : null}
      <span
        className={cn(
          "flex size-7 items-center justify-center rounded-full",
          data.kind === "start" ? "bg-primary-600 text-white" : "bg-grey-900 text-white",
        )}
      >
        {data.kind === "start" ? <PlayIcon size={13} /> : <FlagIcon size={13} />}
      </span>
      <span className="flex flex-col leading-tight">
        <span className="text-sm font-semibold text-grey-900">{data.label}</span>
        <span className="text-[11px] text-grey-500">{data.hint}</span>
      </span>
      {data.kind === "start" ? (
        <Handle
          id="out"
          type="source"
          position={Position.Bottom}
          className="!size-2 !border-0 !bg-grey-300"
        />
      ) : null}
    </div>
  );
});

const nodeTypes = { step: StepNodeView, end: EndNodeView };

/** Refits the view when the flow grows or shrinks, so all of it stays in sight. */
function FitOnChange({ extent }: { extent: number }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    // After React Flow has measured the new nodes (one frame is not always enough).
    const timer = setTimeout(() => void fitView({ padding: 0.12, maxZoom: 1, duration: 200 }), 80);
    return () => clearTimeout(timer);
  }, [extent, fitView]);
  return null;
}

export function FlowGraph() {
  const { floow, model, dispatch } = useEditor();
  const { selection, ui } = model;
  const startOpen = !selection.stepId && !selection.finishOpen && !selection.triggerOpen;
  const { nodes, edges } = useMemo(
    () =>
      buildGraph(floow, {
        selectedStepId: selection.stepId,
        finishOpen: selection.finishOpen,
        startOpen,
        view: ui.flowView,
      }),
    [floow, selection.stepId, selection.finishOpen, startOpen, ui.flowView],
  );

  return (
    <div className="size-full" data-testid="flow-graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        nodesConnectable={false}
        nodesDraggable={false}
        elementsSelectable={false}
        fitView
        fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={1.5}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_event, node) => {
          if (node.id === "start") dispatch({ type: "select/step", stepId: null });
          else if (node.id === FINISH) dispatch({ type: "select/finish" });
          else dispatch({ type: "select/step", stepId: node.id });
        }}
        onNodeDoubleClick={(_event, node) => {
          if (node.type === "step") dispatch({ type: "modal/open", stepId: node.id });
        }}
      >
        <Background
          variant={BackgroundVariant.Dots}
          gap={18}
          size={1.2}
          color="var(--color-grey-300)"
        />
        <Controls showInteractive={false} position="bottom-right" />
        <FitOnChange extent={nodes.at(-1)?.position.y ?? 0} />
      </ReactFlow>
    </div>
  );
}

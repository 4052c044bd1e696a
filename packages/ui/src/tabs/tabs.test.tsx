import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Example({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="general" onValueChange={onValueChange}>
      <TabsList>
        <TabsTrigger value="general">General</TabsTrigger>
        <TabsTrigger value="floows">Floows</TabsTrigger>
      </TabsList>
      <TabsContent value="general">General panel</TabsContent>
      <TabsContent value="floows">Floows panel</TabsContent>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("shows the selected panel and switches on click", async () => {
    const onValueChange = vi.fn();
    render(<Example onValueChange={onValueChange} />);
    expect(screen.getByRole("tabpanel").textContent).toBe("General panel");
    await userEvent.click(screen.getByRole("tab", { name: "Floows" }));
    expect(onValueChange).toHaveBeenCalledWith("floows");
    expect(screen.getByRole("tabpanel").textContent).toBe("Floows panel");
  });
});

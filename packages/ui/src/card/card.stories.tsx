import type { Meta, StoryObj } from "@storybook/react-vite";
import { Button } from "../button/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";

const meta: Meta<typeof Card> = {
  title: "Components/Card",
  component: Card,
  parameters: { controls: { disable: true } },
};
export default meta;

export const Default: StoryObj<typeof Card> = {
  render: () => (
    <Card className="w-96">
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>Name, display name and branding.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-grey-700">Acme Inc.</CardContent>
      <CardFooter>
        <Button size="sm">Save</Button>
      </CardFooter>
    </Card>
  ),
};

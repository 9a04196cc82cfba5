import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { ClientTabs } from "./client-tabs";
import { CodeSnippet } from "./code-snippet";

/** What the client configurations call the server (its name in the client's list). */
const serverName = "venuedesk";
const tokenPlaceholder = "YOUR_ACCESS_TOKEN";

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Ready-to-paste configurations for common MCP clients, for this account's URL. */
export const clientConfigs = (url: string) => ({
  claudeCommand: `claude mcp add --transport http ${serverName} ${url}`,
  claudeJson: json({ mcpServers: { [serverName]: { type: "http", url } } }),
  cursor: json({ mcpServers: { [serverName]: { url } } }),
  vscode: json({ servers: { [serverName]: { type: "http", url } } }),
  tokenJson: json({ mcpServers: { [serverName]: { type: "http", url, headers: { api_access_token: tokenPlaceholder } } } }),
  tokenCommand: `claude mcp add --transport http ${serverName} ${url} --header "api_access_token: ${tokenPlaceholder}"`,
});

const Steps = ({ children }: { children: ReactNode }) => <div className="space-y-4 text-sm text-slate-600">{children}</div>;

const Path = ({ children }: { children: ReactNode }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">{children}</code>;

/** The client configurations, one tab per client. */
export const ClientSetup = ({ url, profileHref }: { url: string; profileHref: string }) => {
  const config = clientConfigs(url);
  const tabs = [
    {
      key: "claude-code",
      label: "Claude Code",
      content: (
        <Steps>
          <p>Run this in your terminal, then type /mcp in Claude Code and choose to authenticate: your browser opens Venuedesk to approve it.</p>
          <CodeSnippet id="config-claude-command" label="Claude Code command" code={config.claudeCommand} />
          <p>
            Or share it with your project in <Path>.mcp.json</Path>:
          </p>
          <CodeSnippet id="config-claude-json" label="Claude Code .mcp.json" code={config.claudeJson} />
        </Steps>
      ),
    },
    {
      key: "claude-desktop",
      label: "Claude Desktop",
      content: (
        <Steps>
          <p>
            In Claude Desktop or on claude.ai, open Settings → Connectors, choose Add custom connector, and paste the MCP server URL above. Claude opens
            Venuedesk so you can sign in and approve it.
          </p>
        </Steps>
      ),
    },
    {
      key: "cursor",
      label: "Cursor",
      content: (
        <Steps>
          <p>
            Add this to <Path>.cursor/mcp.json</Path> in your project (or <Path>~/.cursor/mcp.json</Path> for every project), then choose Connect beside it
            in Cursor&rsquo;s MCP settings.
          </p>
          <CodeSnippet id="config-cursor" label="Cursor mcp.json" code={config.cursor} />
        </Steps>
      ),
    },
    {
      key: "vscode",
      label: "VS Code",
      content: (
        <Steps>
          <p>
            Add this to <Path>.vscode/mcp.json</Path> in your workspace, then start the server from that file; VS Code asks you to sign in.
          </p>
          <CodeSnippet id="config-vscode" label="VS Code mcp.json" code={config.vscode} />
        </Steps>
      ),
    },
    {
      key: "token",
      label: "Other clients",
      content: (
        <Steps>
          <p>
            For a client that can&rsquo;t sign in with OAuth: send your personal access token in the <Path>api_access_token</Path> header. Replace{" "}
            <Path>{tokenPlaceholder}</Path> with the token on{" "}
            <Link href={profileHref} className="rounded font-medium text-indigo-700 underline-offset-2 hover:underline">
              your profile
            </Link>
            , and keep the file out of shared repositories: anyone who has it can act as you.
          </p>
          <CodeSnippet id="config-token-json" label="Configuration with the access token header" code={config.tokenJson} />
          <CodeSnippet id="config-token-command" label="Claude Code command with the access token header" code={config.tokenCommand} />
        </Steps>
      ),
    },
  ];
  return (
    <Card>
      <ClientTabs label="MCP clients" tabs={tabs} />
    </Card>
  );
};

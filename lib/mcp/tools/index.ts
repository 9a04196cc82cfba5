import type { Tool } from "../tool";
import { contactTools } from "./contacts";
import { conversationTools } from "./conversations";
import { directoryTools } from "./directory";
// Knowledge bases
import { knowledgeBaseTools } from "./knowledge-base";
import { planningTools } from "./planning";
import { quoteTools } from "./quotes";
import { reportTools } from "./reports";

/**
 * Every MCP tool, in a stable order (domain by domain): tools/list answers them in this order,
 * filtered per caller by `toolsFor`.
 */
export const tools: readonly Tool[] = [...conversationTools, ...contactTools, ...directoryTools, ...reportTools, ...planningTools, ...quoteTools, ...knowledgeBaseTools];

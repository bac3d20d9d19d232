import { serviceRoute } from "@/partner-service/route-handlers";

export const dynamic = "force-dynamic";
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = serviceRoute;

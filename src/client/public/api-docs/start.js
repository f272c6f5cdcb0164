// Starts Swagger UI on GET /api/docs (src/worker/routes/api-reference.ts). A file, not an inline script, so the
// page's Content-Security-Policy can allow scripts from this origin only.
window.ui = window.SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // Swagger UI otherwise sends the document to an online validator for a badge: nothing leaves this origin.
  validatorUrl: null,
  tryItOutEnabled: false,
  defaultModelsExpandDepth: 0,
});

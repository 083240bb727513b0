<#-- Bazar page frame: top bar with the store's logo, a white card, the nested sections of Keycloak's pages. -->
<#macro logo>
    <svg class="bz-logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="16" fill="#16a34a"/>
        <path d="M9 21c0-7 5-12 14-12 0 9-5 14-12 14-.8 0-1.4-.1-2-.3" fill="#bbf7d0"/>
        <path d="M9.5 23.5c2.5-4.5 6-8 10-10.5" stroke="#15803d" stroke-width="1.6" fill="none" stroke-linecap="round"/>
    </svg>
    <span class="bz-logo-text">Bazar</span>
</#macro>

<#-- A message from Keycloak (sign-in errors, identity-provider errors, notices), red when it is an error. -->
<#macro alert message>
    <div id="bz-alert" class="bz-alert bz-alert-${message.type}" role="<#if message.type = 'error'>alert<#else>status</#if>">
        <span class="bz-alert-text kc-feedback-text">${kcSanitize(message.summary)?no_esc}</span>
    </div>
</#macro>

<#macro registrationLayout bodyClass="" displayInfo=false displayMessage=true displayRequiredFields=false>
<!DOCTYPE html>
<html class="bz-html" lang="${lang}">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <meta name="theme-color" content="#16a34a">
    <#-- the storefront's own icon (shell/index.html): without one the browser asks the store's origin
         for /favicon.ico, which it does not serve -->
    <link rel="icon" href="data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'><text y='.9em' font-size='90'>🧺</text></svg>">
    <title>${msg("loginTitle",(realm.displayName!''))}</title>
    <#if properties.styles?has_content>
        <#list properties.styles?split(' ') as style>
            <link href="${url.resourcesPath}/${style}" rel="stylesheet" />
        </#list>
    </#if>
    <script src="${url.resourcesPath}/js/bazar-validation.js" defer></script>
    <#if scripts??>
        <#list scripts as script>
            <script src="${script}" type="text/javascript"></script>
        </#list>
    </#if>
    <script type="module">
        import { startSessionPolling } from "${url.resourcesPath}/js/authChecker.js";
        startSessionPolling("${url.ssoLoginInOtherTabsUrl?no_esc}");
    </script>
    <script type="module">
        document.addEventListener("click", (event) => {
            const link = event.target.closest("a[data-once-link]");
            if (!link) return;
            if (link.getAttribute("aria-disabled") === "true") { event.preventDefault(); return; }
            link.setAttribute("aria-disabled", "true");
        });
    </script>
    <#if authenticationSession??>
        <script type="module">
            import { checkAuthSession } from "${url.resourcesPath}/js/authChecker.js";
            checkAuthSession("${authenticationSession.authSessionIdHash}");
        </script>
    </#if>
</head>

<body class="bz-body ${bodyClass}" data-page-id="login-${pageId}">
<header class="bz-topbar">
    <a class="bz-logo" href="${(client.baseUrl)!'/'}" aria-label="Bazar home"><@logo/></a>
</header>
<main class="bz-main">
    <div class="bz-card" id="kc-content">
        <header class="bz-card-header">
            <h1 id="kc-page-title" class="bz-title"><#nested "header"></h1>
            <#if auth?has_content && auth.showUsername() && !auth.showResetCredentials()>
                <#nested "show-username">
                <div id="kc-username" class="bz-attempted">
                    <span id="kc-attempted-username">${auth.attemptedUsername}</span>
                    <a id="reset-login" href="${url.loginRestartFlowUrl}">${msg("restartLoginTooltip")}</a>
                </div>
            </#if>
        </header>

        <div id="kc-content-wrapper">
            <#-- App-initiated actions should not see warnings about completing the action during login. -->
            <#if displayMessage && message?has_content && (message.type != 'warning' || !isAppInitiatedAction??)>
                <@alert message=message/>
            </#if>

            <#nested "form">

            <#if auth?has_content && auth.showTryAnotherWayLink()>
                <form id="kc-select-try-another-way-form" action="${url.loginAction}" method="post">
                    <input type="hidden" name="tryAnotherWay" value="on"/>
                    <a href="#" id="try-another-way" class="bz-link"
                       onclick="document.forms['kc-select-try-another-way-form'].requestSubmit();return false;">${msg("doTryAnotherWay")}</a>
                </form>
            </#if>

            <#nested "socialProviders">

            <#if displayInfo>
                <div id="kc-info" class="bz-info">
                    <#nested "info">
                </div>
            </#if>
        </div>
    </div>
    <p class="bz-tagline">${msg("bazarTagline")}</p>
</main>
</body>
</html>
</#macro>

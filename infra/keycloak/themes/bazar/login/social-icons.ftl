<#-- The store's three social sign-in icons. Only the second (Google) is wired: it links to Keycloak's broker
     endpoint for the `google` identity provider when the realm has it enabled, and is shown either way. -->
<#macro facebook>
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="#1877F2" d="M24 12a12 12 0 1 0-13.875 11.854v-8.385H7.078V12h3.047V9.356c0-3.007 1.792-4.668 4.533-4.668 1.312 0 2.686.234 2.686.234v2.953H15.83c-1.491 0-1.956.925-1.956 1.875V12h3.328l-.532 3.469h-2.796v8.385A12.001 12.001 0 0 0 24 12z"/><path fill="#fff" d="M16.671 15.469 17.203 12h-3.328V9.75c0-.949.465-1.875 1.956-1.875h1.513V4.922s-1.374-.234-2.686-.234c-2.741 0-4.533 1.66-4.533 4.668V12H7.078v3.469h3.047v8.385a12.09 12.09 0 0 0 3.75 0v-8.385h2.796z"/></svg>
</#macro>
<#macro google>
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false"><path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/><path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/><path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/><path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/></svg>
</#macro>
<#macro x>
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="#111827" d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z"/></svg>
</#macro>

<#macro buttons>
    <#assign googleUrl = "">
    <#if social?? && social.providers?has_content>
        <#list social.providers as p>
            <#if p.alias == "google"><#assign googleUrl = p.loginUrl></#if>
        </#list>
    </#if>
    <div class="bz-divider"><span>${msg("bazarOrContinue")}</span></div>
    <ul id="kc-social-providers" class="bz-social" aria-label="${msg("bazarOrContinue")}">
        <li>
            <button type="button" id="social-facebook" class="bz-social-button" aria-disabled="true"
                    title="${msg("bazarSocialUnavailable", msg("bazarSocialFacebook"))}" aria-label="${msg("bazarSocialFacebook")}"><@facebook/></button>
        </li>
        <li>
            <#if googleUrl?has_content>
                <a id="social-google" class="bz-social-button bz-social-live" data-once-link href="${googleUrl}"
                   data-provider="google" aria-label="${msg("bazarSocialGoogle")}" title="${msg("bazarSocialGoogle")}"><@google/></a>
            <#else>
                <button type="button" id="social-google" class="bz-social-button" data-provider="google" aria-disabled="true"
                        title="${msg("bazarSocialUnavailable", msg("bazarSocialGoogle"))}" aria-label="${msg("bazarSocialGoogle")}"><@google/></button>
            </#if>
        </li>
        <li>
            <button type="button" id="social-x" class="bz-social-button" aria-disabled="true"
                    title="${msg("bazarSocialUnavailable", msg("bazarSocialX"))}" aria-label="${msg("bazarSocialX")}"><@x/></button>
        </li>
    </ul>
</#macro>

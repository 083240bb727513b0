<#import "template.ftl" as layout>
<#-- Forgot password: the account's email; Keycloak mails a reset link (local SMTP, see the README). -->
<#assign attempted = (auth.attemptedUsername)!''>
<@layout.registrationLayout displayMessage=false displayInfo=false; section>
    <#if section = "header">
        ${msg("emailForgotTitle")}
    <#elseif section = "form">
        <p class="bz-lead">${msg("emailInstruction")}</p>
        <form id="kc-reset-password-form" class="bz-form" action="${url.loginAction}" method="post" novalidate data-bz-validate>
            <div class="bz-field">
                <label for="username" class="bz-label">${msg("email")}</label>
                <input id="username" name="username" class="bz-input" type="email" inputmode="email" autocomplete="username"
                       autocapitalize="none" spellcheck="false" autofocus value="${attempted}"
                       placeholder="${msg("bazarEmailPlaceholder")}"
                       aria-describedby="username-error" aria-invalid="${messagesPerField.existsError('username')?c}"
                       data-bz-required="${msg("bazarEmailRequired")}"
                       data-bz-pattern="${properties.bazarEmailPattern}" data-bz-pattern-message="${msg("bazarEmailInvalid")}"/>
                <span id="username-error" class="bz-field-error" data-bz-error-for="username" aria-live="polite"><#if messagesPerField.existsError('username')>${kcSanitize(messagesPerField.get('username'))?no_esc}</#if></span>
            </div>

            <#if message?has_content && !messagesPerField.existsError('username')>
                <@layout.alert message=message/>
            </#if>

            <button id="kc-reset-submit" class="bz-button bz-button-primary bz-button-block" type="submit">${msg("bazarSendResetLink")}</button>
        </form>
        <p class="bz-switch"><a id="kc-back-to-login" class="bz-link" href="${url.loginUrl}">${kcSanitize(msg("backToLogin"))?no_esc}</a></p>
    </#if>
</@layout.registrationLayout>

<#import "template.ftl" as layout>
<#import "social-icons.ftl" as socialIcons>
<#--
  Login (spec 2, Login): email, password, 'Remember me', 'Forgot password?', the social icons (the second is
  Google) and a 'Register' link. Keycloak's answer to a failed sign-in is shown in red above the button.
  Keycloak reports an empty or unknown email as a credentials error; the page words the empty and the
  malformed cases the way the store's own check does.
-->
<#assign attempted = (login.username)!''>
<#assign credentialsError = messagesPerField.existsError('username','password')>
<#assign emailError = "">
<#if credentialsError>
    <#if !attempted?has_content>
        <#assign emailError = msg("bazarEmailRequired")>
    <#elseif !attempted?matches(properties.bazarEmailPattern)>
        <#assign emailError = msg("bazarEmailInvalid")>
    </#if>
</#if>
<@layout.registrationLayout displayMessage=false displayInfo=false; section>
    <#if section = "header">
        ${msg("loginAccountTitle")}
    <#elseif section = "form">
        <#if realm.password>
        <form id="kc-form-login" class="bz-form" action="${url.loginAction}" method="post" novalidate data-bz-validate>
            <div class="bz-field">
                <label for="username" class="bz-label">${msg("email")}</label>
                <input id="username" class="bz-input" name="username" value="${attempted}" type="email"
                       inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" autofocus
                       placeholder="${msg("bazarEmailPlaceholder")}" aria-describedby="username-error"
                       aria-invalid="<#if emailError?has_content>true<#else>false</#if>"
                       data-bz-required="${msg("bazarEmailRequired")}"
                       data-bz-pattern="${properties.bazarEmailPattern}" data-bz-pattern-message="${msg("bazarEmailInvalid")}"/>
                <span id="username-error" class="bz-field-error" data-bz-error-for="username" aria-live="polite">${emailError}</span>
            </div>

            <div class="bz-field">
                <label for="password" class="bz-label">${msg("password")}</label>
                <input id="password" class="bz-input" name="password" type="password" autocomplete="current-password"
                       placeholder="${msg("bazarPasswordPlaceholder")}" aria-describedby="password-error"
                       data-bz-required="${msg("bazarPasswordRequired")}"
                       data-bz-minlength="${properties.bazarPasswordMinLength}" data-bz-minlength-message="${msg("bazarPasswordTooShort")}"/>
                <span id="password-error" class="bz-field-error" data-bz-error-for="password" aria-live="polite"></span>
            </div>

            <div class="bz-options">
                <#if realm.rememberMe>
                    <label class="bz-check" for="rememberMe">
                        <input id="rememberMe" name="rememberMe" type="checkbox"<#if login.rememberMe??> checked</#if>>
                        <span>${msg("rememberMe")}</span>
                    </label>
                </#if>
                <#if realm.resetPasswordAllowed>
                    <a id="kc-forgot-password" class="bz-link" href="${url.loginResetCredentialsUrl}">${msg("doForgotPassword")}</a>
                </#if>
            </div>

            <#if message?has_content && !emailError?has_content && (message.type != 'warning' || !isAppInitiatedAction??)>
                <@layout.alert message=message/>
            </#if>

            <input type="hidden" id="id-hidden-input" name="credentialId" <#if auth.selectedCredential?has_content>value="${auth.selectedCredential}"</#if>/>
            <button class="bz-button bz-button-primary bz-button-block" name="login" id="kc-login" type="submit">${msg("doLogIn")}</button>
        </form>

        <@socialIcons.buttons/>

        <#if realm.registrationAllowed && !registrationDisabled??>
            <p id="kc-registration" class="bz-switch">${msg("noAccount")} <a class="bz-link" href="${url.registrationUrl}">${msg("doRegister")}</a></p>
        </#if>
        </#if>
    </#if>
</@layout.registrationLayout>

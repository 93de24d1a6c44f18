# Remove the Burstline agent {{name}} from this Windows host: paste into Windows PowerShell opened as Administrator;
# then remove it on the Agents page too. Java stays installed.
Set-ExecutionPolicy -Scope Process -ExecutionPolicy Bypass -Force  # this window only: modules load script files
& {
$dir = {{dir}}
$user = 'burstline-agent'
Stop-ScheduledTask -TaskName 'Burstline agent' -ErrorAction SilentlyContinue
Unregister-ScheduledTask -TaskName 'Burstline agent' -Confirm:$false -ErrorAction SilentlyContinue
Remove-NetFirewallRule -Group 'Burstline agent' -ErrorAction SilentlyContinue
$account = Get-LocalUser -Name $user -ErrorAction SilentlyContinue
if ($account) {
  Get-CimInstance Win32_UserProfile | Where-Object { $_.SID -eq $account.SID.Value } | Remove-CimInstance
  Remove-LocalUser -Name $user
}
foreach ($file in 'burstline-agent.jar', 'burstline-agent.jar.new', 'agent.args', 'join-token', 'agent.log',
    'agent.log.1') {
  Remove-Item -LiteralPath (Join-Path $dir $file) -Force -ErrorAction SilentlyContinue
}
Remove-Item -LiteralPath (Join-Path $dir 'state') -Recurse -Force -ErrorAction SilentlyContinue
Remove-Item -LiteralPath $dir -ErrorAction SilentlyContinue
Write-Host 'The Burstline agent is removed from this host.'
}

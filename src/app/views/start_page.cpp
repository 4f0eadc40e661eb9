#include "views/start_page.h"

#include "ui_start_page.h"

#include "open/known_formats.h"

#include <QListWidgetItem>
#include <QPushButton>

namespace assetscope::app {

StartPage::StartPage(QWidget* parent) : QWidget(parent), m_ui(std::make_unique<Ui::StartPage>()) {
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("startPage"));
    QString formats = tr("<b>Formats read</b><ul style=\"margin-left:-20px\">");
    for (const KnownFormat& f : knownFormats())
        formats += QStringLiteral("<li>%1 <span style=\"color:gray\">%2</span></li>")
                       .arg(QString::fromStdString(f.title).toHtmlEscaped(),
                            QString::fromStdString(f.extensions).toHtmlEscaped());
    formats += tr("</ul>Inside folders and zip archives, nested archives included.");
    m_ui->formatsLabel->setText(formats);
    connect(m_ui->openFileButton, &QPushButton::clicked, this, &StartPage::openFileRequested);
    connect(m_ui->openSamplesButton, &QPushButton::clicked, this, &StartPage::openSampleSetRequested);
    // An install folder as one tree (File ▸ Open Install…).
    auto* installButton = new QPushButton(tr("Open an &Install…"), this);
    installButton->setObjectName(QStringLiteral("openInstallButton"));
    installButton->setToolTip(tr("Opens a game's install folder as one tree of folders, archives and files"));
    m_ui->buttonsLayout->insertWidget(1, installButton);
    connect(installButton, &QPushButton::clicked, this, &StartPage::openInstallRequested);
    connect(m_ui->recentList, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { emit openRecentRequested(item->data(Qt::UserRole).toString()); });
    setRecentFiles({});
}

StartPage::~StartPage() = default;

void StartPage::setRecentFiles(const QStringList& inputs) {
    m_ui->recentList->clear();
    for (const QString& input : inputs) {
        auto* item = new QListWidgetItem(input, m_ui->recentList);
        item->setData(Qt::UserRole, input);
        item->setToolTip(input);
    }
    const bool any = !inputs.isEmpty();
    m_ui->recentList->setVisible(any);
    m_ui->recentLabel->setText(any ? tr("&Recent files") : tr("No recent files yet."));
}

} // namespace assetscope::app
